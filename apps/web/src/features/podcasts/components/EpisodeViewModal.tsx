import type { PodcastEpisode } from '@shelfcast/contracts'
import { useEffect, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/index.ts'
import { durationLabel, episodeQueueEntry, itemAuthor, itemTitle, useItem } from '@/features/browse/index.ts'
import { closeEpisodeView, type EpisodeRef } from '@/lib/episode-modals.ts'
import { formatBytes } from '@/lib/format.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { useEpisode } from '../episode-api.ts'
import { usePlayEpisodeAt } from '../hooks/usePlayEpisodeAt.ts'
import { parseDescription } from '@/lib/rich-text/description.ts'
import { RichText } from '@/lib/rich-text/RichText.tsx'

/**
 * The episode view (spec §2, 800 wide): the podcast's title and author, the episode's title, its
 * sanitised description with playable time stamps, file name, size, duration and publication date.
 * The podcast comes from the item page's cache; the episode is read in full (the table has it minified).
 */
export function EpisodeViewModal({ target }: { target: EpisodeRef }) {
  const { t } = useTranslation()
  const item = useItem(target.libraryItemId)
  const query = useEpisode(target.libraryItemId, target.episodeId)
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const loaded = item.data ?? null
  const podcast = loaded?.mediaType === 'podcast' ? loaded.media : null
  const listed = podcast?.episodes.find((e) => e.id === target.episodeId)
  const episode: PodcastEpisode | undefined = query.data ?? listed
  const podcastTitle = loaded ? (itemTitle(loaded) ?? t('LabelNoTitle')) : ''
  const published = episode?.publishedAt ? formatDate(episode.publishedAt, dateFormat) : ''
  const playAt = usePlayEpisodeAt({
    ...target,
    queueItem:
      episode && loaded
        ? episodeQueueEntry(
            episode,
            { title: podcastTitle, libraryId: loaded.libraryId, coverPath: podcast?.coverPath ?? null },
            published || null,
          )
        : undefined,
  })
  const nodes = useMemo(
    () => parseDescription(query.data?.description ?? null, query.data?.duration ?? 0),
    [query.data?.description, query.data?.duration],
  )

  // An episode that cannot be read closes the view (spec §8: logged).
  useEffect(() => {
    if (!query.isError) return
    console.error('[episodes] could not load episode', query.error)
    closeEpisodeView()
  }, [query.isError, query.error])

  const size = episode?.audioFile?.metadata.size ?? episode?.size ?? 0
  return (
    <Modal
      open
      onClose={closeEpisodeView}
      title={episode?.title ?? t('MessageLoading')}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="episode-view-modal"
    >
      {loaded && (
        <p className="-mt-2 mb-4 text-sm text-muted" data-testid="episode-view-podcast">
          {podcastTitle}
          {itemAuthor(loaded) && ` · ${itemAuthor(loaded)}`}
        </p>
      )}
      <div className="max-h-[50vh] overflow-y-auto pe-1">
        {query.isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-surface-raised/60" />
        ) : nodes.length > 0 ? (
          <RichText
            nodes={nodes}
            onTimestamp={(seconds) => {
              playAt(seconds)
              closeEpisodeView()
            }}
          />
        ) : (
          <p className="text-sm text-muted">{t('MessageNoDescription')}</p>
        )}
      </div>
      {episode && (
        <dl className="mt-5 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 border-t border-border pt-4 text-sm">
          <Field label={t('LabelFilename')}>{episode.audioFile?.metadata.filename ?? '—'}</Field>
          <Field label={t('LabelSize')}>{size > 0 ? formatBytes(size) : '—'}</Field>
          <Field label={t('LabelDuration')}>
            {episode.duration > 0 ? durationLabel(episode.duration) : '—'}
          </Field>
          <Field label={t('LabelPubDate')}>{published || '—'}</Field>
        </dl>
      )}
    </Modal>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </>
  )
}
