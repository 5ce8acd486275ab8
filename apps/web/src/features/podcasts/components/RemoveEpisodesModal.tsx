import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Modal } from '@/components/ui/index.ts'
import { itemKeys } from '@/features/browse/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { closeRemoveEpisodes, type RemoveEpisodesRequest } from '@/lib/episode-modals.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { deleteEpisode } from '../episode-api.ts'
import { formatNumber } from '@/lib/format.ts'

/**
 * Removes the chosen episodes (delete permission): lists them, asks whether the files go too
 * (`?hard=1`), then deletes them one by one showing how far it got, and ends with one toast.
 */
export function RemoveEpisodesModal({ request }: { request: RemoveEpisodesRequest }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const [hard, setHard] = useState(false)
  const [done, setDone] = useState<number | null>(null)
  const total = request.episodes.length
  const count = formatNumber(total)
  const running = done !== null

  const remove = async () => {
    setDone(0)
    let failed = 0
    let firstError: unknown = null
    for (const [index, episode] of request.episodes.entries()) {
      try {
        await deleteEpisode(api, request.libraryItemId, episode.id, hard)
      } catch (error) {
        console.error('[episodes] remove failed', episode.id, error)
        failed += 1
        firstError ??= error
      }
      setDone(index + 1)
    }
    void queryClient.invalidateQueries({ queryKey: itemKeys.detail(request.libraryItemId) })
    if (failed === 0) {
      toast.success(t('ToastEpisodesRemoved', { count: total, formatted: count }))
    } else {
      toast.error(
        total === 1
          ? errorMessage(firstError, t, 'ToastRemoveFailed')
          : t('ToastEpisodesRemoveFailed', { failed, total }),
      )
    }
    request.onDone?.()
    closeRemoveEpisodes()
  }

  return (
    <Modal
      open
      onClose={closeRemoveEpisodes}
      processing={running}
      title={t('HeaderRemoveEpisodes', { count: total, formatted: count })}
      closeLabel={t('ButtonClose')}
      width={600}
      testId="remove-episodes-modal"
      footer={
        <div className="flex items-center justify-end gap-2">
          {running && (
            <span className="me-auto text-sm text-muted" role="status" data-testid="remove-episodes-progress">
              {t('MessageRemovingEpisodes', { done, total })}
            </span>
          )}
          <Button variant="secondary" onClick={closeRemoveEpisodes} disabled={running}>
            {t('ButtonCancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void remove()}
            loading={running}
            data-testid="remove-episodes-confirm"
          >
            {t('ButtonRemove')}
          </Button>
        </div>
      }
    >
      <p className="mb-3 text-sm">{t('MessageConfirmRemoveEpisodes')}</p>
      <ul className="mb-4 max-h-60 list-disc overflow-y-auto ps-6 text-sm" data-testid="remove-episodes-list">
        {request.episodes.map((episode) => (
          <li key={episode.id}>{episode.title}</li>
        ))}
      </ul>
      <Checkbox
        checked={hard}
        onChange={setHard}
        disabled={running}
        label={t('LabelAlsoDeleteEpisodeFiles')}
      />
    </Modal>
  )
}
