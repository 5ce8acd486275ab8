import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, Spinner, cn } from '@/components/ui/index.ts'
import { browseKeys, itemAuthor, itemTitle, useItem } from '@/features/browse/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { closeEreader, type EreaderRequest } from '@/lib/ereader.ts'
import { getAccessToken } from '@/lib/session-store.ts'
import { useReaderGestures } from '../hooks/useReaderGestures.ts'
import { useReaderProgress } from '../hooks/useReaderProgress.ts'
import { ebookFormatOf, ebookTypeOf, selectEbookFile, type EbookFileLike } from '../model/ebook-type.ts'
import type { EbookType, ReaderBodyProps, ReaderNavigation } from '../reader-body.ts'
import { ReaderTopBar } from './ReaderTopBar.tsx'

type ReaderBody = ComponentType<ReaderBodyProps>
const loadEpubBody = () => import('../epub/EpubReader.tsx').then((m) => m.EpubReader)
/** Each kind of book fetches only its own renderer (foliate-js, pdf.js, the comic pager). */
const bodyLoaders: Record<EbookType, () => Promise<ReaderBody>> = {
  epub: loadEpubBody,
  mobi: loadEpubBody,
  pdf: () => import('../pdf/PdfReader.tsx').then((m) => m.PdfReader),
  comic: () => import('../comic/ComicReader.tsx').then((m) => m.ComicReader),
}

/**
 * The body for a kind of book, loaded into state rather than through React.lazy: a lazy component suspends at
 * least once, and React holds a revealed Suspense boundary back ~300 ms, which was most of the time to page 1.
 */
function useReaderBody(type: EbookType | null): { Body: ReaderBody | null; failed: boolean } {
  const [loaded, setLoaded] = useState<{ type: EbookType; Body: ReaderBody | null } | null>(null)
  useEffect(() => {
    if (!type) return
    let live = true
    bodyLoaders[type]().then(
      (Body) => live && setLoaded({ type, Body }),
      () => live && setLoaded({ type, Body: null }),
    )
    return () => {
      live = false
    }
  }, [type])
  if (!type || loaded?.type !== type) return { Body: null, failed: false }
  return { Body: loaded.Body, failed: loaded.Body === null }
}

/** Generous: a large comic or PDF on a slow link. */
const BOOK_FETCH_TIMEOUT_MS = 5 * 60_000

type ReadingTheme = 'dark' | 'sepia' | 'light'

/**
 * The reader overlay (spec §2, §4): loads the item, picks the file (a file id selects a supplementary ebook),
 * resumes the saved position, saves page turns, and hosts the body that draws the book. Full screen above the
 * app, which is made inert meanwhile; dark for every book that is not an EPUB.
 */
export function ReaderOverlay({ request }: { request: EreaderRequest }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const item = useItem(request.libraryItemId)
  const libraries = useLibraries()
  const overlayRef = useRef<HTMLDivElement>(null)
  const navigationRef = useRef<ReaderNavigation | null>(null)
  const [tocOpen, setTocOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [readingTheme, setReadingTheme] = useState<ReadingTheme>('dark')

  const data = item.data && 'libraryFiles' in item.data ? item.data : null
  const book = data?.mediaType === 'book' ? data.media : null
  const file = data
    ? selectEbookFile<EbookFileLike & { ino: string }>(
        book?.ebookFile ?? null,
        data.libraryFiles,
        request.fileId,
      )
    : null
  const format = file ? ebookFormatOf(file) : ''
  const type = file ? ebookTypeOf(format) : null
  const hasAudio = (book?.tracks.length ?? 0) > 0
  const progress = useReaderProgress(request.libraryItemId, { enabled: request.keepProgress, hasAudio })
  const library = libraries.data?.find((l) => l.id === data?.libraryId)

  const close = useCallback(() => closeEreader(), [])
  const onEscape = useCallback(() => {
    if (tocOpen) setTocOpen(false)
    else close()
  }, [tocOpen, close])
  useReaderGestures(overlayRef, { navigation: navigationRef, onEscape })

  // The app behind is inert while the reader is open; focus comes back to where it was on close.
  useEffect(() => {
    const root = document.getElementById('root')
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (root) root.inert = true
    overlayRef.current?.focus()
    return () => {
      if (root) root.inert = false
      previous?.focus()
    }
  }, [])

  // Shelves and the item page show the new position once the reader closes.
  const libraryId = data?.libraryId
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: ['item', request.libraryItemId] })
      if (libraryId) void queryClient.invalidateQueries({ queryKey: browseKeys.personalized(libraryId) })
    },
    [queryClient, request.libraryItemId, libraryId],
  )

  const bookPath = file
    ? fillPath(itemRoutes.ebookFile.path, { id: request.libraryItemId, fileid: file.ino })
    : ''
  const fetchBook = async (signal: AbortSignal) => {
    const bytes = await api.request<unknown>(bookPath, {
      answer: 'bytes',
      signal,
      timeoutMs: BOOK_FETCH_TIMEOUT_MS,
    })
    if (!(bytes instanceof ArrayBuffer)) throw new Error('The server sent no file')
    return bytes
  }

  const foliate = type === 'epub' || type === 'mobi'
  const title = data ? (itemTitle(data) ?? t('LabelNoTitle')) : ''
  const { Body, failed: bodyFailed } = useReaderBody(type)

  let content
  if (item.isError) content = <ReaderMessage text={errorMessage(item.error, t, 'ToastFailedToLoadData')} />
  else if (!data || (request.keepProgress && progress.initialLocation === undefined))
    content = <ReaderLoading />
  else if (!file) content = <ReaderMessage text={t('LabelNoEbook')} />
  else if (!type) content = <ReaderMessage text={t('MessageEbookFormatNotSupported', { format })} />
  else if (bodyFailed) content = <ReaderMessage text={t('ToastFailedToLoadData')} />
  else if (!Body) content = <ReaderLoading />
  else
    content = (
      <Body
        libraryItemId={request.libraryItemId}
        fileIno={file.ino}
        format={format}
        fetchBook={fetchBook}
        bookPath={api.url(bookPath)}
        authHeaders={bearerHeaders}
        refreshAuth={api.refreshSession}
        initialLocation={progress.initialLocation ?? null}
        onRelocate={progress.relocate}
        onError={(message) => console.warn('[reader]', message)}
        navigationRef={navigationRef}
        tocOpen={tocOpen}
        onTocOpenChange={setTocOpen}
        settingsOpen={settingsOpen}
        onSettingsOpenChange={setSettingsOpen}
        onThemeChange={setReadingTheme}
        allowScriptedContent={library?.settings.epubsAllowScriptedContent ?? false}
      />
    )

  return (
    <div
      ref={overlayRef}
      role="dialog"
      aria-modal="true"
      aria-label={title || t('MessageLoading')}
      tabIndex={-1}
      data-theme={foliate ? readingTheme : 'dark'}
      data-testid="ebook-reader"
      data-ebook-type={type ?? ''}
      className="fixed inset-0 z-[55] flex flex-col bg-bg pb-[env(safe-area-inset-bottom)] text-fg outline-none"
    >
      <ReaderTopBar
        title={title}
        author={data ? itemAuthor(data) : null}
        showBookTools={foliate}
        showTitle={type !== 'comic'}
        tocOpen={tocOpen}
        onToggleToc={() => setTocOpen((open) => !open)}
        onOpenSettings={() => setSettingsOpen(true)}
        onClose={close}
      />
      <div className="relative min-h-0 flex-1">
        {content}
        {Body && (
          <>
            <PageButton
              side="prev"
              onClick={() => navigationRef.current?.prev()}
              label={t('ButtonPrevPage')}
            />
            <PageButton
              side="next"
              onClick={() => navigationRef.current?.next()}
              label={t('ButtonNextPage')}
            />
          </>
        )}
      </div>
    </div>
  )
}

function bearerHeaders(): Record<string, string> {
  const token = getAccessToken()
  return token ? { Authorization: `Bearer ${token}` } : {}
}

/** Side buttons for pointer users (touch swipes, keys use the arrows); hidden on phones, where they would cover text. */
function PageButton({ side, label, onClick }: { side: 'prev' | 'next'; label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={`reader-${side}`}
      className={cn(
        'absolute top-1/2 z-10 hidden -translate-y-1/2 rounded-full p-2 text-muted opacity-60 transition hover:bg-surface-raised hover:text-fg hover:opacity-100 focus-visible:opacity-100 sm:block',
        side === 'prev' ? 'left-1' : 'right-1',
      )}
    >
      <Icon name={side === 'prev' ? 'chevronLeft' : 'chevronRight'} mirror={false} className="size-6" />
    </button>
  )
}

function ReaderLoading() {
  const { t } = useTranslation()
  return (
    <div className="flex h-full items-center justify-center" role="status">
      <Spinner />
      <span className="sr-only">{t('MessageLoading')}</span>
    </div>
  )
}

function ReaderMessage({ text }: { text: string }) {
  return (
    <div
      className="flex h-full items-center justify-center p-6 text-center"
      role="alert"
      data-testid="reader-message"
    >
      {text}
    </div>
  )
}
