import type { ExpandedItemResponse, LibraryFile, MediaProgress } from '@shelfcast/contracts'
import { isAdminOrUp, scanRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import {
  Alert,
  Button,
  CoverImage,
  Icon,
  ImagePreview,
  LoadingBox,
  MenuRow,
  ProgressBar,
  coverAspectRatio,
} from '@/components/ui/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { PlayButton } from '@/features/player/index.ts'
import { isApiError, useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { openEreader } from '@/lib/ereader.ts'
import { openFindEpisodes } from '@/lib/find-episodes-modal.ts'
import { openEditModal } from '@/lib/item-edit-modal.ts'
import { openRssFeedModal } from '@/lib/rss-feed-modal.ts'
import { formatBytes, formatPercent } from '@/lib/format.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { looksLikeHtml, parseDescription } from '@/lib/rich-text/description.ts'
import { RichText } from '@/lib/rich-text/RichText.tsx'
import { itemKeys, useItem } from '../api.ts'
import { useItemCoverUrl } from '../hooks/useCoverUrl.ts'
import { durationLabel } from '../model/duration.ts'
import { bookshelfFilterPath } from '../model/filters.ts'
import { itemAuthor, itemTitle, progressFraction, progressIndex } from '../model/item-view.ts'
import { bookQueueEntry } from '../model/queue-entry.ts'
import { EmptyState, ListError } from './GridStates.tsx'
import { EpisodeList } from './EpisodeList.tsx'
import { SendToDeviceMenu, useCanSendToDevice } from '@/features/config-email/index.ts'
import { ItemMoreMenu } from './ItemMoreMenu.tsx'
import { ReadButton } from './ReadButton.tsx'
import { DiscardProgressPrompt, DownloadItemLink, FinishedToggle } from './ItemProgressActions.tsx'
import { useItemFileMenu } from './ItemFileActions.tsx'
import { ChaptersTable, EbookFileCard, LibraryFilesTable, TracksTable } from './ItemTables.tsx'

/** /item/:id: everything the server knows of one item. */
export function ItemPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const query = useItem(id)
  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <EmptyState icon="book" title={t('MessageItemNotFound')} />
    ) : (
      <ListError error={query.error} onRetry={() => void query.refetch()} />
    )
  }
  if (!('libraryFiles' in query.data)) return <LoadingBox message={t('MessageLoading')} />
  return <ItemDetails item={query.data} />
}

type ExpandedItem = ExpandedItemResponse

const COVER_WIDTH = 240

function ItemDetails({ item }: { item: ExpandedItem }) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const libraries = useLibraries()
  const library = libraries.data?.find((l) => l.id === item.libraryId)
  const aspectRatio = coverAspectRatio(
    library?.settings.coverAspectRatio === 1 || (!library && item.mediaType === 'podcast'),
  )
  const coverUrl = useItemCoverUrl(item, COVER_WIDTH)
  const rawCoverUrl = useItemCoverUrl(item, 'raw')
  const [preview, setPreview] = useState(false)
  const [discarding, setDiscarding] = useState<MediaProgress | null>(null)
  const title = itemTitle(item) ?? t('LabelNoTitle')
  const author = itemAuthor(item)
  // The signed-in user's own record (the item's include=progress copy may be older): the one to discard.
  const ownProgress = progressIndex(user).get(item.id)
  const progress = ownProgress ?? item.userMediaProgress ?? undefined
  const fraction = progressFraction(progress)
  const isAdmin = user ? isAdminOrUp(user.type) : false
  const canEdit = !!user?.permissions.update
  const book = item.mediaType === 'book' ? item.media : null
  const podcast = item.mediaType === 'podcast' ? item.media : null
  const canSendToDevice = useCanSendToDevice(book?.ebookFile?.ebookFormat)
  // The files section's per-file menu (download, ffprobe data, ebook status, delete), as in the files tab.
  const fileMenu = useItemFileMenu(item)
  const cover = (
    <CoverImage
      src={coverUrl}
      title={title}
      author={author}
      aspectRatio={aspectRatio}
      width={COVER_WIDTH}
      invalidLabel={t('LabelInvalidCover')}
      loading="eager"
      className="shadow-2xl"
    />
  )

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 md:px-8" data-testid="item-page">
      {(item.isMissing || item.isInvalid) && (
        <Alert tone="error" className="mb-6">
          <span className="flex items-start gap-2" data-testid="item-issue">
            <Icon name="issues" className="mt-0.5 size-4" />
            {item.isMissing
              ? t('MessageItemMissing')
              : item.invalidReason
                ? t('MessageItemInvalidReason', { reason: item.invalidReason })
                : t('MessageItemInvalid')}
          </span>
        </Alert>
      )}
      <div className="flex flex-col gap-8 md:flex-row">
        <div className="shrink-0 self-center md:self-start">
          {/* Only a real cover opens a preview: a placeholder (title and author drawn) is no button, so its
              text is not read under a "show the cover" name. */}
          {rawCoverUrl ? (
            <button
              type="button"
              onClick={() => setPreview(true)}
              aria-label={t('ButtonPreviewCover')}
              className="block cursor-zoom-in rounded-md"
              data-testid="item-cover"
            >
              {cover}
            </button>
          ) : (
            <div data-testid="item-cover">{cover}</div>
          )}
          {preview && rawCoverUrl && (
            <ImagePreview
              src={rawCoverUrl}
              alt={title}
              label={t('LabelCoverPreview')}
              onClose={() => setPreview(false)}
            />
          )}
        </div>

        <div className="min-w-0 flex-1">
          <h1 className="bidi-own text-3xl font-bold tracking-tight" data-testid="item-title">
            {title}
          </h1>
          {book?.metadata.subtitle && (
            <p className="bidi-own mt-1 text-lg text-muted">{book.metadata.subtitle}</p>
          )}
          {book && book.metadata.authors.length > 0 && (
            <p className="mt-2 text-base" data-testid="item-authors">
              {t('LabelByAuthors')}{' '}
              <Links
                items={book.metadata.authors.map((a) => ({
                  key: a.id,
                  to: `/author/${a.id}`,
                  label: a.name,
                }))}
              />
            </p>
          )}
          {podcast?.metadata.author && (
            <p className="mt-2 text-base">
              {t('LabelByAuthors')} {podcast.metadata.author}
            </p>
          )}

          {fraction && (
            <div className="mt-4 max-w-md" data-testid="item-progress">
              <p className="mb-1 text-sm text-muted">
                {fraction.finished
                  ? t('LabelFinished')
                  : t('LabelProgressListened', { percent: formatPercent(fraction.value) })}
              </p>
              <ProgressBar
                value={fraction.value}
                finished={fraction.finished}
                label={t('LabelProgress')}
                className="h-1.5 rounded-full"
              />
            </div>
          )}

          {book && <DiscardProgressPrompt progress={discarding} onClose={() => setDiscarding(null)} />}
          {(book || canEdit) && (
            <div className="mt-4 flex items-center gap-2">
              {book && book.tracks.length > 0 && (
                <PlayButton
                  libraryItemId={item.id}
                  title={title}
                  testId="item-play"
                  queueItem={bookQueueEntry(item, title)}
                />
              )}
              {book?.ebookFile && (
                <ReadButton
                  libraryItemId={item.id}
                  title={title}
                  primary={book.tracks.length === 0}
                  testId="item-read"
                />
              )}
              {book && <FinishedToggle libraryItemId={item.id} finished={!!progress?.isFinished} />}
              {canEdit && (
                <Button
                  variant="secondary"
                  onClick={() => openEditModal(item.id)}
                  aria-label={t('ButtonEdit')}
                  title={t('ButtonEdit')}
                  data-testid="item-edit"
                >
                  <Icon name="edit" className="size-4" />
                </Button>
              )}
              {book && (
                <ItemMoreMenu
                  variant="page"
                  queueEntry={bookQueueEntry(item, title)}
                  queueable={book.tracks.length > 0}
                  lists={{
                    libraryItemId: item.id,
                    libraryId: item.libraryId,
                    isBook: true,
                    playable: book.tracks.length > 0,
                  }}
                  deletable={{ id: item.id, libraryId: item.libraryId, title }}
                  shareItemId={book.tracks.length > 0 ? item.id : undefined}
                  onDiscardProgress={ownProgress ? () => setDiscarding(ownProgress) : undefined}
                  testId="item-more"
                >
                  {canSendToDevice && (
                    <SendToDeviceMenu libraryItemId={item.id} ebookFormat={book.ebookFile?.ebookFormat} />
                  )}
                  {isAdmin && (
                    <MenuRow testId="menu-rss-feed" onClick={() => openItemFeed(item, title)}>
                      {t(item.rssFeed ? 'ButtonRSSFeedOpen' : 'ButtonOpenRSSFeed')}
                    </MenuRow>
                  )}
                </ItemMoreMenu>
              )}
              {book && <DownloadItemLink libraryItemId={item.id} title={title} />}
            </div>
          )}

          <dl
            className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm"
            data-testid="item-details"
          >
            {book && book.metadata.narrators.length > 0 && (
              <Row label={t('LabelNarrators')}>
                <Links
                  items={book.metadata.narrators.map((n) => ({
                    key: n,
                    to: bookshelfFilterPath(item.libraryId, 'narrators', n),
                    label: n,
                  }))}
                />
              </Row>
            )}
            {book && book.metadata.series.length > 0 && (
              <Row label={t('LabelSeries')}>
                <Links
                  items={book.metadata.series.map((s) => ({
                    key: s.id,
                    to: `/library/${item.libraryId}/series/${s.id}`,
                    label: s.sequence ? `${s.name} #${s.sequence}` : s.name,
                  }))}
                />
              </Row>
            )}
            {item.media.metadata.genres.length > 0 && (
              <Row label={t('LabelGenres')}>
                <Links
                  items={item.media.metadata.genres.map((g) => ({
                    key: g,
                    to: bookshelfFilterPath(item.libraryId, 'genres', g),
                    label: g,
                  }))}
                />
              </Row>
            )}
            {item.media.tags.length > 0 && (
              <Row label={t('LabelTags')}>
                <Links
                  items={item.media.tags.map((tag) => ({
                    key: tag,
                    to: bookshelfFilterPath(item.libraryId, 'tags', tag),
                    label: tag,
                  }))}
                />
              </Row>
            )}
            {book?.metadata.publisher && <Row label={t('LabelPublisher')}>{book.metadata.publisher}</Row>}
            {book?.metadata.publishedYear && (
              <Row label={t('LabelPublishYear')}>{book.metadata.publishedYear}</Row>
            )}
            {item.media.metadata.language && (
              <Row label={t('LabelLanguage')}>{item.media.metadata.language}</Row>
            )}
            {podcast?.metadata.type && (
              <Row label={t('LabelPodcastType')}>
                {t(podcast.metadata.type === 'serial' ? 'LabelSerial' : 'LabelEpisodic')}
              </Row>
            )}
            {item.media.metadata.explicit && <Row label={t('LabelExplicit')}>{t('LabelYes')}</Row>}
            {book && book.duration > 0 && (
              <Row label={t('LabelDuration')}>{durationLabel(book.duration)}</Row>
            )}
            <Row label={t('LabelSize')}>{formatBytes(item.size)}</Row>
          </dl>

          <ItemActions item={item} isAdmin={isAdmin} title={title} />

          {item.media.metadata.description && (
            <section className="mt-8" aria-label={t('LabelDescription')}>
              <h2 className="sr-only">{t('LabelDescription')}</h2>
              {looksLikeHtml(item.media.metadata.description) ? (
                // Feed and OPF descriptions are HTML: drawn from a sanitised tree, never as markup.
                <div className="max-w-3xl">
                  <RichText
                    nodes={parseDescription(item.media.metadata.description)}
                    testId="item-description"
                  />
                </div>
              ) : (
                // dir="auto": a description reads in its own direction (an English one stays LTR in Hebrew).
                <p
                  dir="auto"
                  className="max-w-3xl text-sm leading-relaxed whitespace-pre-line text-fg/90"
                  data-testid="item-description"
                >
                  {item.media.metadata.description}
                </p>
              )}
            </section>
          )}
        </div>
      </div>

      {podcast && (
        <EpisodeList
          episodes={podcast.episodes}
          podcast={{
            libraryItemId: item.id,
            libraryId: item.libraryId,
            title,
            coverPath: podcast.coverPath,
          }}
        />
      )}
      {book && book.chapters.length > 0 && <ChaptersTable chapters={book.chapters} />}
      {book && book.audioFiles.length > 0 && <TracksTable files={book.audioFiles} />}
      {book?.ebookFile && <EbookFileCard file={book.ebookFile} />}
      {item.libraryFiles.length > 0 && (
        <LibraryFilesTable
          files={item.libraryFiles}
          fileAction={
            item.libraryFiles.some(isSupplementaryEbook) || fileMenu.menu
              ? (file) => (
                  <span className="inline-flex items-center justify-end gap-1">
                    {isSupplementaryEbook(file) && <ReadFileButton itemId={item.id} file={file} />}
                    {fileMenu.menu?.(file)}
                  </span>
                )
              : undefined
          }
        />
      )}
      {fileMenu.dialogs}
    </article>
  )
}

const isSupplementaryEbook = (file: LibraryFile) => file.fileType === 'ebook' && !!file.isSupplementary

/** Opens a supplementary ebook (spec §4: a file id selects that library file; its position is not kept). */
function ReadFileButton({ itemId, file }: { itemId: string; file: LibraryFile }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={() => openEreader(itemId, { fileId: file.ino })}
      className="rounded-lg px-2 py-1 text-sm font-medium text-primary hover:bg-surface-raised"
      aria-label={t('ButtonReadItem', { title: file.metadata.filename })}
      data-testid="read-file"
    >
      {t('ButtonRead')}
    </button>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  )
}

function Links({ items }: { items: { key: string; to: string; label: string }[] }) {
  return (
    <>
      {items.map((entry, index) => (
        <span key={entry.key}>
          {index > 0 && ', '}
          <Link to={entry.to} className="font-medium text-primary hover:underline">
            {entry.label}
          </Link>
        </span>
      ))}
    </>
  )
}

/** The RSS feed modal for this item (spec §2), showing its open feed when it has one. */
function openItemFeed(item: ExpandedItem, title: string) {
  openRssFeedModal({ entityType: 'item', entityId: item.id, title, feed: item.rssFeed ?? null })
}

/**
 * What admins can do with the item: rescan it, its RSS feed (always here for podcasts, which have no more
 * menu; for books once a feed is open), and find a podcast's episodes.
 */
function ItemActions({ item, isAdmin, title }: { item: ExpandedItem; isAdmin: boolean; title: string }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const rescan = useMutation({
    mutationFn: () => api.call(scanRoutes.scanItem, { params: { id: item.id } }),
    onSuccess: ({ result }) => {
      if (result === 'UPDATED') toast.success(t('ToastRescanUpdated'))
      else if (result === 'REMOVED') toast.warning(t('ToastRescanRemoved'))
      else toast.info(t('ToastRescanUpToDate'))
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item.id) })
    },
    onError: (error) => {
      console.error('[item] rescan failed', error)
      toast.error(
        isApiError(error) && error.kind === 'http'
          ? errorMessage(error, t)
          : t('ToastRescanFailed', { 0: title }),
      )
    },
  })
  if (!isAdmin) return null
  return (
    <div className="mt-6 flex flex-wrap gap-2">
      <Button
        variant="secondary"
        loading={rescan.isPending}
        onClick={() => rescan.mutate()}
        data-testid="item-rescan"
      >
        <Icon name="refresh" className="size-4" />
        {t('ButtonReScan')}
      </Button>
      {(item.mediaType === 'podcast' || item.rssFeed) && (
        <Button variant="secondary" onClick={() => openItemFeed(item, title)} data-testid="item-rss-feed">
          <Icon name="rss" className={item.rssFeed ? 'size-4 text-warning' : 'size-4'} />
          {t(item.rssFeed ? 'ButtonRSSFeedOpen' : 'ButtonOpenRSSFeed')}
        </Button>
      )}
      {item.mediaType === 'podcast' && (
        <Button variant="secondary" onClick={() => openFindEpisodes(item.id)} data-testid="find-episodes">
          <Icon name="search" className="size-4" />
          {t('ButtonFindEpisodes')}
        </Button>
      )}
    </div>
  )
}
