import { formatPercent } from '@/lib/format.ts'
import type { EpisodeDownload, Library } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { Button, EmptyPanel, IconButton, LoadingBox, PageHeader, ProgressBar } from '@/components/ui/index.ts'
import { CurrentLibraryPage, ListError } from '@/features/browse/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCancelDownload, useClearPodcastQueue, useDownloadQueue } from '../downloads-api.ts'
import { clearFinishedDownloads, useFinishedDownloads } from '../finished-downloads.ts'
import { groupByPodcast } from '../model/download-queue.ts'
import { PodcastRowCover } from './PodcastRowCover.tsx'

const COVER_WIDTH = 48
const noFinished: EpisodeDownload[] = []

/** /library/:libraryId/podcast/download-queue (admin): running downloads, the queue and what just finished. */
export function DownloadQueuePage() {
  const isAdmin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  if (!isAdmin) return <Navigate to="/" replace />
  return <CurrentLibraryPage>{(library) => <DownloadQueue library={library} />}</CurrentLibraryPage>
}

function DownloadQueue({ library }: { library: Library }) {
  const { t } = useTranslation()
  const query = useDownloadQueue(library.id)
  const finished = useFinishedDownloads((s) => s.byLibrary[library.id] ?? noFinished)
  const cancel = useCancelDownload(library.id)
  const clear = useClearPodcastQueue(library.id)

  const onCancel = (download: EpisodeDownload) =>
    cancel.mutate(download.id, {
      onSuccess: () => toast.success(t('ToastDownloadCanceled')),
      onError: (error) => toast.error(`${t('ToastFailedToCancelDownload')}: ${errorMessage(error, t)}`),
    })
  const onClear = (libraryItemId: string) =>
    clear.mutate(libraryItemId, {
      onSuccess: () => toast.success(t('ToastDownloadQueueCleared')),
      onError: (error) => toast.error(`${t('ToastFailedToClearQueue')}: ${errorMessage(error, t)}`),
    })

  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  const { currentDownloads, queue } = query.data
  const groups = groupByPodcast(queue)
  const empty = currentDownloads.length === 0 && queue.length === 0

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:px-8" data-testid="download-queue-page">
      <PageHeader title={t('HeaderDownloadQueue')} />
      {empty && (
        <div data-testid="download-queue-empty">
          <EmptyPanel icon="queue">{t('MessageNoDownloadsQueued')}</EmptyPanel>
        </div>
      )}

      {currentDownloads.length > 0 && (
        <section className="mt-6" aria-labelledby="downloads-running">
          <h2 id="downloads-running" className="mb-2 text-lg font-semibold">
            {t('HeaderCurrentDownloads')}
          </h2>
          <ul className="flex flex-col gap-2">
            {currentDownloads.map((download) => (
              <DownloadRow key={download.id} download={download} state="running" onCancel={onCancel} />
            ))}
          </ul>
        </section>
      )}

      {groups.map((group) => (
        <section
          key={group.libraryItemId}
          className="mt-6"
          aria-label={t('LabelQueuedFor', { title: group.podcastTitle ?? t('LabelNoTitle') })}
          data-testid="download-queue-group"
        >
          <div className="mb-2 flex items-center gap-3">
            <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">
              {t('HeaderQueuedDownloads')} · {group.podcastTitle ?? t('LabelNoTitle')}
            </h2>
            <Button
              variant="secondary"
              onClick={() => onClear(group.libraryItemId)}
              disabled={clear.isPending}
              data-testid="download-queue-clear"
            >
              {t('ButtonClearQueue')}
            </Button>
          </div>
          <ul className="flex flex-col gap-2">
            {group.downloads.map((download) => (
              <DownloadRow key={download.id} download={download} state="queued" onCancel={onCancel} />
            ))}
          </ul>
        </section>
      ))}

      {finished.length > 0 && (
        <section className="mt-8" aria-labelledby="downloads-finished">
          <div className="mb-2 flex items-center gap-3">
            <h2 id="downloads-finished" className="flex-1 text-lg font-semibold">
              {t('HeaderFinishedDownloads')}
            </h2>
            <Button variant="ghost" onClick={() => clearFinishedDownloads(library.id)}>
              {t('ButtonClearList')}
            </Button>
          </div>
          <ul className="flex flex-col gap-2">
            {finished.map((download) => (
              <DownloadRow key={download.id} download={download} state="finished" />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function DownloadRow({
  download,
  state,
  onCancel,
}: {
  download: EpisodeDownload
  state: 'running' | 'queued' | 'finished'
  onCancel?: (download: EpisodeDownload) => void
}) {
  const { t } = useTranslation()
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const podcastTitle = download.podcastTitle ?? t('LabelNoTitle')
  const published = download.publishedAt ? formatDate(download.publishedAt, dateFormat) : null
  return (
    <li
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
      data-testid={`download-row-${state}`}
      data-download-id={download.id}
      aria-label={download.episodeDisplayTitle}
    >
      <PodcastRowCover libraryItemId={download.libraryItemId} title={podcastTitle} width={COVER_WIDTH} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/item/${download.libraryItemId}`}
          className="block truncate text-xs text-muted hover:underline"
        >
          {podcastTitle}
        </Link>
        <p className="truncate font-medium">{download.episodeDisplayTitle}</p>
        <p className="text-xs text-muted">
          {published}
          {state === 'finished' && (
            <span
              className={download.failed ? 'ms-2 text-error' : 'ms-2 text-success'}
              data-testid="download-result"
            >
              {download.failed
                ? `${t('LabelDownloadFailed')}${download.error ? `: ${download.error}` : ''}`
                : t('LabelDownloaded')}
            </span>
          )}
        </p>
        {state === 'running' && (
          <div className="mt-1.5 flex items-center gap-2">
            <ProgressBar
              value={(download.progress ?? 0) / 100}
              label={t('LabelDownloadProgress')}
              className="h-1.5 flex-1 rounded-full"
            />
            <span className="w-10 text-end text-xs text-muted tabular-nums" data-testid="download-percent">
              {download.progress === null ? '' : formatPercent(download.progress / 100)}
            </span>
          </div>
        )}
      </div>
      {onCancel && (
        <IconButton
          icon="close"
          tone="danger"
          label={t('ButtonCancelDownload', { title: download.episodeDisplayTitle })}
          onClick={() => onCancel(download)}
          data-testid="download-cancel"
        />
      )}
    </li>
  )
}
