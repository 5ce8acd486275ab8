import type { UpdateServerSettingsRequest } from '@shelfcast/contracts'
import { libraryCareRoutes, settingsRoutes } from '@shelfcast/contracts/client'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '@/lib/api/index.ts'
import { languageController } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'

/** PATCH /api/settings: stores the answer's serverSettings, which may bring a new default language. */
export function useUpdateServerSettings() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (changes: UpdateServerSettingsRequest) => api.call(settingsRoutes.update, { body: changes }),
    onSuccess: async ({ serverSettings }) => {
      useSessionStore.getState().setServerSettings(serverSettings)
      await languageController.applyServerLanguage(serverSettings.language)
    },
  })
}

/** PATCH /api/sorting-prefixes: the server re-sorts every title and series name by the new prefixes. */
export function useUpdateSortingPrefixes() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (sortingPrefixes: string[]) =>
      api.call(settingsRoutes.updateSortingPrefixes, { body: { sortingPrefixes } }),
    onSuccess: ({ serverSettings }) => useSessionStore.getState().setServerSettings(serverSettings),
  })
}

/** Which cache a purge empties: everything under the cache folder, or only the resized covers. */
export type CacheKind = 'all' | 'items'

/** POST /api/cache/purge or /api/cache/items/purge (admins). Covers are rebuilt by the server on their next request. */
export function usePurgeCache() {
  const api = useApiClient()
  return useMutation({
    mutationFn: (kind: CacheKind) =>
      api.call(kind === 'all' ? libraryCareRoutes.purgeCache : libraryCareRoutes.purgeItemsCache),
  })
}
