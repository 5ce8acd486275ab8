import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Checkbox, Modal } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { sameQueueItem, type QueueItem } from '../model/queue-rules.ts'
import { playerController } from '../player-controller.ts'
import { setQueueAutoPlay, usePlayerStore } from '../player-store.ts'
import { PlayerIcon } from './PlayerIcon.tsx'

const COVER_PX = 48

/**
 * The player queue (spec: 800 wide): the count, the Auto Play checkbox (remembered on this device) and a
 * row per entry with cover, title, subtitle, caption and duration; the playing row says so, the others
 * offer play and remove on hover or focus.
 */
export function QueueModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const controller = playerController()
  const queue = usePlayerStore((s) => s.queue)
  const session = usePlayerStore((s) => s.session)
  const autoPlay = usePlayerStore((s) => s.queueAutoPlay)
  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderPlayerQueue')}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="queue-modal"
    >
      <div className="mb-3 flex items-center justify-between">
        <span className="text-sm text-muted">{t('LabelQueueItemCount', { count: queue.length })}</span>
        <Checkbox checked={autoPlay} onChange={setQueueAutoPlay} label={t('LabelAutoPlay')} />
      </div>
      <ul className="max-h-[60vh] overflow-y-auto">
        {queue.map((item) => {
          const playing = session !== null && sameQueueItem(item, session)
          return (
            <li
              key={`${item.libraryItemId}-${item.episodeId ?? ''}`}
              className="group flex items-center gap-3 rounded px-2 py-2 hover:bg-surface-raised"
              data-testid="queue-row"
            >
              <QueueCover item={item} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{item.title}</p>
                {item.subtitle && <p className="truncate text-sm text-muted">{item.subtitle}</p>}
                {item.caption && <p className="truncate text-xs text-muted">{item.caption}</p>}
              </div>
              <span className="font-mono text-xs text-muted">
                {item.duration ? secondsToTimestamp(item.duration) : t('LabelNotAvailableShort')}
              </span>
              {playing ? (
                <span className="text-xs font-semibold text-primary">{t('LabelPlaying')}</span>
              ) : (
                <span className="flex gap-1 opacity-0 group-hover:opacity-100 focus-within:opacity-100">
                  <button
                    type="button"
                    aria-label={t('ButtonPlay')}
                    className="rounded p-1 hover:bg-surface"
                    data-testid="queue-row-play"
                    onClick={() =>
                      void controller.play({ libraryItemId: item.libraryItemId, episodeId: item.episodeId })
                    }
                  >
                    <PlayerIcon name="play" className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={t('ButtonRemoveFromQueue')}
                    className="rounded p-1 hover:bg-surface"
                    data-testid="queue-row-remove"
                    onClick={() => controller.removeFromQueue(item)}
                  >
                    <PlayerIcon name="close" className="size-4" />
                  </button>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </Modal>
  )
}

/** The entry's cover (a full http(s) URL as it is, else the server's resized cover), or an empty tile. */
function QueueCover({ item }: { item: QueueItem }) {
  const api = useApiClient()
  const src = !item.coverPath
    ? null
    : /^https?:\/\//i.test(item.coverPath)
      ? item.coverPath
      : api.url(fillPath(itemRoutes.cover.path, { id: item.libraryItemId }), { width: COVER_PX * 2 })
  return src ? (
    <img src={src} alt="" className="size-12 shrink-0 rounded object-cover" loading="lazy" />
  ) : (
    <span className="size-12 shrink-0 rounded bg-surface-raised" aria-hidden="true" />
  )
}
