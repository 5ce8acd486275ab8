import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ListError } from '@/features/browse/index.ts'
import { toast } from '@/lib/toast-store.ts'

/**
 * A collection or playlist (or their list) that failed to load: the failed-to-load-data toast of spec §8,
 * once per failure (one toast id, so a second mount replaces it), and the reason with a retry in place.
 */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  useEffect(() => {
    toast.error(t('ToastFailedToLoadData'), { id: 'named-list-load-failed' })
  }, [error, t])
  return <ListError error={error} onRetry={onRetry} />
}
