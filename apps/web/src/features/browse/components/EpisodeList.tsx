import type { PodcastEpisode } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Icon } from '@/components/ui/index.ts'
import { PlayButton, useQueueToggle, type QueueItem } from '@/features/player/index.ts'
import { openAddToPlaylist } from '@/lib/add-to-list-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate, secondsToTimestamp } from '@/lib/time-format.ts'
import { pageSlice, sortEpisodes, type EpisodeSortKey } from '../model/episodes.ts'
import { episodeQueueEntry } from '../model/queue-entry.ts'
import { DataTable } from './ItemTables.tsx'

const columns: { key: EpisodeSortKey; labelKey: string; className?: string }[] = [
  { key: 'season', labelKey: 'LabelSeason', className: 'w-16' },
  { key: 'episode', labelKey: 'LabelEpisode', className: 'w-16' },
  { key: 'title', labelKey: 'LabelTitle' },
  { key: 'publishedAt', labelKey: 'LabelPubDate', className: 'w-32' },
  { key: 'duration', labelKey: 'LabelDuration', className: 'w-24 text-right' },
]

/** A podcast's episodes: sortable by any column, 25 a page; each row plays or queues its episode. */
export function EpisodeList({
  episodes,
  podcast,
}: {
  episodes: readonly PodcastEpisode[]
  podcast: { title: string; libraryId: string; coverPath: string | null }
}) {
  const { t, i18n } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const [sort, setSort] = useState<{ key: EpisodeSortKey; desc: boolean }>({ key: 'publishedAt', desc: true })
  const [page, setPage] = useState(0)
  const sorted = sortEpisodes(episodes, sort.key, sort.desc)
  const view = pageSlice(sorted, page)

  const toggle = (key: EpisodeSortKey) => {
    setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key === 'publishedAt' }))
    setPage(0)
  }

  return (
    <>
      <DataTable
        testId="episodes-table"
        title={t('HeaderEpisodes')}
        count={episodes.length}
        head={
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-4 py-2.5 font-semibold whitespace-nowrap ${column.className ?? ''}`}
                aria-sort={sort.key === column.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
              >
                <button
                  type="button"
                  onClick={() => toggle(column.key)}
                  className="inline-flex items-center gap-1 uppercase hover:text-fg"
                >
                  {t(column.labelKey)}
                  {sort.key === column.key && (
                    <Icon name={sort.desc ? 'arrowDown' : 'arrowUp'} className="size-3.5" />
                  )}
                </button>
              </th>
            ))}
          </tr>
        }
      >
        {view.items.map((episode) => {
          const published = episode.publishedAt
            ? formatDate(episode.publishedAt, dateFormat, i18n.language)
            : ''
          return (
            <tr key={episode.id} data-testid="episode-row">
              <td className="px-4 py-2 text-muted tabular-nums">{episode.season ?? ''}</td>
              <td className="px-4 py-2 text-muted tabular-nums">{episode.episode ?? ''}</td>
              <td className="px-4 py-2">
                <div className="flex items-center gap-3">
                  <PlayButton
                    variant="icon"
                    libraryItemId={episode.libraryItemId}
                    episodeId={episode.id}
                    title={episode.title}
                    className="size-8 shrink-0"
                    testId="episode-play"
                    queueItem={episodeQueueEntry(episode, podcast, published || null)}
                  />
                  <div className="min-w-0">
                    <p className="font-medium">{episode.title}</p>
                    {episode.subtitle && (
                      <p className="line-clamp-1 text-xs text-muted">{episode.subtitle}</p>
                    )}
                  </div>
                </div>
              </td>
              <td className="px-4 py-2 whitespace-nowrap text-muted">{published}</td>
              <td className="px-4 py-2 text-right font-mono text-xs tabular-nums">
                <span className="inline-flex items-center gap-2">
                  {secondsToTimestamp(episode.duration)}
                  <EpisodeQueueButton entry={episodeQueueEntry(episode, podcast, published || null)} />
                  {episode.audioFile && (
                    <button
                      type="button"
                      aria-label={t('ButtonAddToPlaylist')}
                      title={t('ButtonAddToPlaylist')}
                      onClick={() =>
                        openAddToPlaylist(podcast.libraryId, [
                          { libraryItemId: episode.libraryItemId, episodeId: episode.id },
                        ])
                      }
                      className="rounded p-1 text-muted hover:bg-surface hover:text-fg"
                      data-testid="episode-add-to-playlist"
                    >
                      <Icon name="playlists" className="size-4" />
                    </button>
                  )}
                </span>
              </td>
            </tr>
          )
        })}
      </DataTable>
      {view.pages > 1 && (
        <div className="mt-3 flex items-center justify-end gap-2 text-sm" data-testid="episodes-pager">
          <Button
            variant="secondary"
            disabled={view.page === 0}
            onClick={() => setPage(view.page - 1)}
            aria-label={t('ButtonPrevPage')}
          >
            <Icon name="chevronLeft" className="size-4" />
          </Button>
          <span className="text-muted tabular-nums">
            {t('LabelPageOf', { page: view.page + 1, pages: view.pages })}
          </span>
          <Button
            variant="secondary"
            disabled={view.page >= view.pages - 1}
            onClick={() => setPage(view.page + 1)}
            aria-label={t('ButtonNextPage')}
          >
            <Icon name="chevronRight" className="size-4" />
          </Button>
        </div>
      )}
    </>
  )
}

/** Adds the episode to the player queue or takes it out; shown only while something else plays. */
function EpisodeQueueButton({ entry }: { entry: QueueItem }) {
  const queue = useQueueToggle(entry)
  if (!queue) return null
  return (
    <button
      type="button"
      aria-label={queue.label}
      title={queue.label}
      aria-pressed={queue.queued}
      onClick={queue.toggle}
      className="rounded p-1 text-muted hover:bg-surface hover:text-fg aria-pressed:text-primary"
      data-testid="episode-queue-toggle"
    >
      <Icon name={queue.queued ? 'check' : 'queue'} className="size-4" />
    </button>
  )
}
