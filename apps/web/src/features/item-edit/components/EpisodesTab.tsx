import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/index.ts'
import { countText } from '@/features/browse/index.ts'
import { useMatchEpisodes } from '@/features/podcasts/index.ts'
import { useBoxVirtualizer } from '@/lib/box-virtualizer.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { openFindEpisodes } from '@/lib/find-episodes-modal.ts'
import { formatBytes } from '@/lib/format.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import type { EditablePodcast } from '../api.ts'

const ROW_HEIGHT = 44
const LIST_HEIGHT = 360

/**
 * A podcast's episodes (title, publication date, size), newest first and windowed (thousands stay light),
 * with the admin's 'Quick match episodes' (details from the feed) and 'Find episodes' (pick to download).
 */
export function EpisodesTab({ item }: { item: EditablePodcast }) {
  const { t } = useTranslation()
  const isAdmin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const podcast = item.media
  const episodes = useMemo(
    () => [...podcast.episodes].sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0)),
    [podcast.episodes],
  )
  const match = useMatchEpisodes(item.id)
  const { scroller, virtualizer } = useBoxVirtualizer(episodes.length, ROW_HEIGHT, LIST_HEIGHT)

  const quickMatch = () =>
    match.mutate(undefined, {
      onSuccess: (answer) => toast.success(t('ToastEpisodesMatched', { count: answer.numEpisodesUpdated })),
      onError: (error) => toast.error(`${t('ToastFailedToMatch')}: ${errorMessage(error, t)}`),
    })

  return (
    <div className="flex flex-col gap-3" data-testid="edit-episodes">
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm text-muted" data-testid="edit-episodes-count">
          {countText(t, 'Episode', episodes.length)}
        </p>
        {isAdmin && (
          <>
            <Button
              variant="secondary"
              onClick={quickMatch}
              loading={match.isPending}
              data-testid="episodes-quick-match"
            >
              {t('ButtonQuickMatchEpisodes')}
            </Button>
            <Button onClick={() => openFindEpisodes(item.id)} data-testid="episodes-find">
              {t('ButtonFindEpisodes')}
            </Button>
          </>
        )}
      </div>
      {episodes.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{t('MessageNoEpisodes')}</p>
      ) : (
        <div
          ref={scroller}
          style={{ maxHeight: LIST_HEIGHT }}
          className="overflow-y-auto rounded-lg border border-border"
        >
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const episode = episodes[row.index]!
              return (
                <li
                  key={episode.id}
                  className="absolute inset-x-0 flex items-center gap-3 border-b border-border px-3 text-sm"
                  style={{ top: row.start, height: ROW_HEIGHT }}
                  data-testid="edit-episode-row"
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{episode.title}</span>
                  <span className="w-28 shrink-0 text-muted">
                    {episode.publishedAt ? formatDate(episode.publishedAt, dateFormat) : ''}
                  </span>
                  <span className="w-20 shrink-0 text-end text-muted tabular-nums">
                    {episode.size > 0 ? formatBytes(episode.size) : ''}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}
