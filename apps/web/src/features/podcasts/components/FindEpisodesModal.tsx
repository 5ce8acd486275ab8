import type { PodcastLibraryItem } from '@shelfcast/contracts'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, LoadingBox, Modal, TextField } from '@/components/ui/index.ts'
import { useItem } from '@/features/browse/index.ts'
import { useBoxVirtualizer } from '@/lib/box-virtualizer.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { closeFindEpisodes, useFindEpisodesModal } from '@/lib/find-episodes-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDownloadEpisodes, usePodcastFeed } from '../downloads-api.ts'
import { downloadedMatcher, feedEpisodeKey, newestFirst, searchEpisodes } from '../model/feed-episodes.ts'

/** Rows are one line of title and one of date and subtitle; the list scrolls within this height. */
const ROW_HEIGHT = 60
const LIST_HEIGHT = 420

/**
 * Find episodes (admin): the podcast's feed, newest first, each with a box; episodes the podcast already
 * has are marked and cannot be picked. 'Download N episodes' queues the picked ones and closes.
 */
export function FindEpisodesModal() {
  const libraryItemId = useFindEpisodesModal((s) => s.libraryItemId)
  if (!libraryItemId) return null
  return <OpenFindEpisodes key={libraryItemId} libraryItemId={libraryItemId} />
}

function OpenFindEpisodes({ libraryItemId }: { libraryItemId: string }) {
  const { t } = useTranslation()
  const item = useItem(libraryItemId)
  const podcast = item.data?.mediaType === 'podcast' ? item.data : null
  const feedUrl = podcast ? podcast.media.metadata.feedUrl : null

  // No feed to read: say so and close at once (spec §8).
  useEffect(() => {
    if (podcast && !feedUrl) {
      toast.error(t('ToastPodcastNoRssFeed'))
      closeFindEpisodes()
    }
  }, [podcast, feedUrl, t])

  return (
    <Modal
      open
      onClose={closeFindEpisodes}
      title={t('HeaderFindEpisodes')}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="find-episodes-modal"
    >
      {podcast && feedUrl ? (
        <FeedEpisodes podcast={podcast} feedUrl={feedUrl} />
      ) : (
        <LoadingBox message={t('MessageLoading')} />
      )}
    </Modal>
  )
}

function FeedEpisodes({ podcast, feedUrl }: { podcast: PodcastLibraryItem; feedUrl: string }) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const feed = usePodcastFeed(feedUrl)
  const download = useDownloadEpisodes(podcast.id, podcast.libraryId)
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const own = podcast.media.episodes
  const episodes = useMemo(() => newestFirst(feed.data?.episodes ?? []), [feed.data])
  const isDownloaded = useMemo(() => downloadedMatcher(own), [own])
  const shown = searchEpisodes(episodes, search)
  const pickable = shown.filter((e) => !isDownloaded(e))
  const { scroller, virtualizer } = useBoxVirtualizer(shown.length, ROW_HEIGHT, LIST_HEIGHT)
  const allPicked = pickable.length > 0 && pickable.every((e) => picked.has(feedEpisodeKey(e)))

  useEffect(() => {
    if (feed.isError) {
      toast.error(errorMessage(feed.error, t))
      closeFindEpisodes()
    } else if (feed.data && feed.data.episodes.length === 0) {
      toast.error(t('ToastNoEpisodesInFeed'))
      closeFindEpisodes()
    }
  }, [feed.isError, feed.error, feed.data, t])

  const toggle = (key: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current)
      if (on) next.add(key)
      else next.delete(key)
      return next
    })
  const toggleAll = () =>
    setPicked((current) => {
      const next = new Set(current)
      for (const e of pickable) {
        if (allPicked) next.delete(feedEpisodeKey(e))
        else next.add(feedEpisodeKey(e))
      }
      return next
    })

  const submit = () => {
    const chosen = episodes.filter((e) => picked.has(feedEpisodeKey(e)) && !isDownloaded(e))
    if (chosen.length === 0) return
    download.mutate(chosen, {
      onSuccess: () => {
        toast.success(t('ToastEpisodesQueued', { count: chosen.length }))
        closeFindEpisodes()
      },
      onError: (error) => toast.error(`${t('ToastFailedToDownloadEpisodes')}: ${errorMessage(error, t)}`),
    })
  }

  if (!feed.data) return <LoadingBox message={t('MessageLoading')} />
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-48 flex-1"
          label={t('LabelSearchEpisodes')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="find-episodes-search"
        />
        <Button
          variant="secondary"
          onClick={toggleAll}
          disabled={pickable.length === 0}
          data-testid="find-episodes-select-all"
        >
          {allPicked ? t('ButtonDeselectAll') : t('ButtonSelectAll')}
        </Button>
      </div>
      {shown.length === 0 && (
        <p className="py-6 text-center text-sm text-muted">{t('MessageNoMatchingEpisodes')}</p>
      )}
      <div ref={scroller} className="overflow-y-auto" style={{ maxHeight: LIST_HEIGHT }}>
        <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const episode = shown[row.index]!
            const key = feedEpisodeKey(episode)
            const downloaded = isDownloaded(episode)
            return (
              <li
                key={key}
                data-testid="feed-episode-row"
                data-downloaded={downloaded || undefined}
                className="absolute inset-x-0 border-b border-border px-3 py-2"
                style={{ top: row.start, height: ROW_HEIGHT }}
              >
                <label className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 size-4 accent-primary"
                    checked={downloaded || picked.has(key)}
                    disabled={downloaded}
                    onChange={(e) => toggle(key, e.target.checked)}
                    aria-label={t('LabelSelectEpisode', { title: episode.title })}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium" data-testid="feed-episode-title">
                      {episode.title}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {episode.publishedAt ? formatDate(episode.publishedAt, dateFormat) : ''}
                      {episode.subtitle ? ` · ${episode.subtitle}` : ''}
                    </span>
                  </span>
                  {downloaded && <Badge tone="muted">{t('LabelAlreadyDownloaded')}</Badge>}
                </label>
              </li>
            )
          })}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button
          onClick={submit}
          disabled={picked.size === 0}
          loading={download.isPending}
          data-testid="find-episodes-download"
        >
          {t('ButtonDownloadEpisodes', { count: picked.size })}
        </Button>
      </div>
    </div>
  )
}
