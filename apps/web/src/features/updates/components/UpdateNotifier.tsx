import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import { toast } from '@/lib/toast-store.ts'
import { setAvailableUpdate } from '@/lib/version-notice.ts'
import { useVersionData } from '../use-version-data.ts'
import { shouldNotifyUpdate } from '../model/version-model.ts'

/** Versions this page already announced (refetches and remounts announce nothing new). */
const announced = new Set<string>()

/**
 * The update check, loaded after the first paint: it tells the version label about a newer release (the
 * "Update" link) and shows spec §8's toast, top-centre for 20 s, once per version; closing it ignores that
 * version for good.
 */
export function UpdateNotifier() {
  const { t } = useTranslation()
  const versionData = useVersionData()
  useEffect(() => {
    const url = versionData?.hasUpdate ? versionData.githubTagUrl : null
    setAvailableUpdate(versionData && url ? { version: versionData.latestVersion, url } : null)
  }, [versionData])
  useEffect(() => {
    if (!versionData || !shouldNotifyUpdate(versionData, readString(storageKeys.ignoreVersion))) return
    const version = versionData.latestVersion
    if (announced.has(version)) return
    announced.add(version)
    toast.info(t('ToastUpdateAvailable', { version }), {
      id: 'update-available',
      position: 'top',
      timeoutMs: 20_000,
      onClose: () => writeString(storageKeys.ignoreVersion, version),
    })
  }, [versionData, t])
  return null
}

/** For tests: forget what this page announced. */
export function resetAnnouncedUpdates(): void {
  announced.clear()
}
