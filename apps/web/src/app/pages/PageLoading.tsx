import { useTranslation } from 'react-i18next'
import { LoadingBox } from '../../components/ui/index.ts'

/** What an on-demand page shows while its code is fetched (only on a direct load: navigations keep the old page). */
export function PageLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-live="polite" data-testid="page-loading">
      <LoadingBox message={t('MessageLoading')} />
    </div>
  )
}
