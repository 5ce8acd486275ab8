import type { Library, MediaProgress, RecentEpisode } from '@shelfcast/contracts'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, EmptyPanel, Icon, LoadingBox, PageHeader, ProgressBar } from '@/components/ui/index.ts'
import { CurrentLibraryPage, episodeQueueEntry, ListError } from '@/features/browse/index.ts'
import { PlayButton, QueueToggleButton } from '@/features/player/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate, secondsToTimestamp } from '@/lib/time-format.ts'
import { RECENT_EPISODES_PAGE_SIZE, useRecentEpisodes } from '../downloads-api.ts'
import { PodcastRowCover } from './PodcastRowCover.tsx'

const COVER_WIDTH = 64

/** /library/:libraryId/podcast/latest: the library's newest episodes, 25 a page (spec §2). */
export function LatestEpisodesPage() {
  return <CurrentLibraryPage>{(library) => <LatestEpisodes library={library} />}</CurrentLibraryPage>
}

function LatestEpisodes({ library }: { library: Library }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(0)
  const query = useRecentEpisodes(library.id, page)
  const user = useSessionStore((s) => s.user)
  // Episode progress by "item/episode", built once per user object.
  const progress = useMemo(() => {
    const map = new Map<string, MediaProgress>()
    for (const p of user?.mediaProgress ?? [])
      if (p.episodeId) map.set(`${p.libraryItemId}/${p.episodeId}`, p)
    return map
  }, [user])

  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  const { episodes, total } = query.data
  const pages = Math.max(1, Math.ceil(total / RECENT_EPISODES_PAGE_SIZE))

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:px-8" data-testid="latest-episodes-page">
      <PageHeader title={t('HeaderLatestEpisodes')} />
      {episodes.length === 0 ? (
        <div data-testid="latest-episodes-empty">
          <EmptyPanel icon="latest">{t('MessageNoEpisodes')}</EmptyPanel>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-2">
          {episodes.map((episode) => (
            <LatestRow
              key={episode.id}
              episode={episode}
              libraryId={library.id}
              progress={progress.get(`${episode.libraryItemId}/${episode.id}`)}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-2 text-sm" data-testid="latest-episodes-pager">
          <Button
            variant="secondary"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            aria-label={t('ButtonPrevPage')}
          >
            <Icon name="chevronLeft" className="size-4" />
          </Button>
          <span className="text-muted tabular-nums">{t('LabelPageOf', { page: page + 1, pages })}</span>
          <Button
            variant="secondary"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
            aria-label={t('ButtonNextPage')}
          >
            <Icon name="chevronRight" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  )
}

function LatestRow({
  episode,
  libraryId,
  progress,
}: {
  episode: RecentEpisode
  libraryId: string
  progress: MediaProgress | undefined
}) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const podcastTitle = episode.podcast.metadata.title ?? t('LabelNoTitle')
  const published = episode.publishedAt ? formatDate(episode.publishedAt, dateFormat) : null
  const entry = episodeQueueEntry(
    episode,
    { title: podcastTitle, libraryId, coverPath: episode.podcast.coverPath },
    published,
  )
  const finished = !!progress?.isFinished
  const fraction = progress && !finished ? (progress.progress ?? 0) : 0
  return (
    <li
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
      data-testid="latest-episode-row"
      data-episode-id={episode.id}
    >
      <Link to={`/item/${episode.libraryItemId}`} className="shrink-0" tabIndex={-1} aria-hidden>
        <PodcastRowCover
          libraryItemId={episode.libraryItemId}
          coverPath={episode.podcast.coverPath}
          updatedAt={episode.updatedAt}
          title={podcastTitle}
          width={COVER_WIDTH}
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={`/item/${episode.libraryItemId}`}
          className="block truncate text-xs text-muted hover:underline"
          data-testid="latest-episode-podcast"
        >
          {podcastTitle}
        </Link>
        <p className="truncate font-medium" data-testid="latest-episode-title">
          {episode.title}
        </p>
        <p className="flex flex-wrap gap-x-3 text-xs text-muted">
          {published && <span>{published}</span>}
          {episode.duration > 0 && (
            <span className="tabular-nums">{secondsToTimestamp(episode.duration)}</span>
          )}
          {finished && (
            <span className="text-success" data-testid="latest-episode-finished">
              {t('LabelFinished')}
            </span>
          )}
          {!finished && fraction > 0 && <span>{t('LabelInProgress')}</span>}
        </p>
        {fraction > 0 && (
          <ProgressBar value={fraction} label={t('LabelProgress')} className="mt-1 h-1 w-40 rounded-full" />
        )}
      </div>
      <QueueToggleButton entry={entry} testId="latest-episode-queue" />
      <PlayButton
        variant="icon"
        libraryItemId={episode.libraryItemId}
        episodeId={episode.id}
        title={episode.title}
        queueItem={entry}
        className="size-9 shrink-0"
        testId="latest-episode-play"
      />
    </li>
  )
}
