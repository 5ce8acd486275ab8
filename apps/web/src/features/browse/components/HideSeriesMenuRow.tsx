import { useTranslation } from 'react-i18next'
import { MenuRow } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useContinueSeriesVisibility } from '../continue-series-api.ts'

/** A Continue Series card's menu row: hides the card's series from that shelf (the series page brings it back). */
export function HideSeriesMenuRow({ libraryId, seriesId }: { libraryId: string; seriesId: string }) {
  const { t } = useTranslation()
  const visibility = useContinueSeriesVisibility(libraryId)
  return (
    <MenuRow
      testId="menu-hide-series"
      onClick={() =>
        visibility.mutate(
          { seriesId, hide: true },
          { onError: (error) => toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`) },
        )
      }
    >
      {t('ButtonRemoveSeriesFromContinueSeries')}
    </MenuRow>
  )
}
