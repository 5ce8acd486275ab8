import { releaseRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { readJson, storageKeys, writeJson } from '@/lib/storage.ts'
import {
  computeVersionData,
  isVersionDataFresh,
  readStoredVersionData,
  versionCheckIntervalMs,
  type VersionData,
} from './model/version-model.ts'

export const versionDataKey = (currentVersion: string) => ['versionData', currentVersion] as const

/**
 * Spec §3/§4 version data for the server's version: the stored data while fresh (5 minutes, same version,
 * with a release list), else the releases the server read for us (the browser never calls out itself). A
 * failed check is logged and means "no update" (null).
 */
export function useVersionData(): VersionData | null {
  const api = useApiClient()
  const currentVersion = useSessionStore((s) => s.serverSettings?.version) ?? null
  const query = useQuery({
    queryKey: versionDataKey(currentVersion ?? ''),
    enabled: currentVersion !== null,
    staleTime: versionCheckIntervalMs,
    retry: false,
    queryFn: async ({ signal }): Promise<VersionData | null> => {
      const version = currentVersion ?? ''
      const stored = readStoredVersionData(readJson(storageKeys.versionData))
      if (isVersionDataFresh(stored, version, Date.now())) return stored
      try {
        const answer = await api.call(releaseRoutes.list, { signal })
        const data = computeVersionData(version, answer.releases, Date.now())
        writeJson(storageKeys.versionData, data)
        return data
      } catch (error) {
        if (signal.aborted) throw error
        console.error('[updates] update check failed', error)
        return null
      }
    },
  })
  return query.data ?? null
}
