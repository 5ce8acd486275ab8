import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/Spinner.tsx'
import type { ReaderBodyProps, ReaderNavigation } from '../reader-body.ts'
import { EreaderSettingsModal } from './EreaderSettingsModal.tsx'
import { TocPanel } from './TocPanel.tsx'
import { frameStyleOf } from './ereader-settings.ts'
import { THEME_COLOURS } from './frame/book-style.ts'
import { ReaderFrameHost, readerFrameUrl } from './frame-host.ts'
import type { FrameErrorCode, SearchChapter, TocEntry } from './frame-protocol.ts'
import { useEreaderSettings } from './use-ereader-settings.ts'

/** How long opening may take before the reader says the book cannot be shown (a hung parse, a dead frame). */
const OPEN_TIMEOUT_MS = 45_000

const ERROR_MESSAGE_KEYS: Record<FrameErrorCode | 'load' | 'timeout', string> = {
  empty: 'MessageEbookEmpty',
  damaged: 'MessageEbookDamaged',
  tooLarge: 'MessageEbookTooLarge',
  unsupported: 'MessageEbookFormatNotSupported',
  load: 'ToastFailedToLoadData',
  timeout: 'MessageEbookDamaged',
}

function useNavigation(ref: Ref<ReaderNavigation | null>, host: React.RefObject<ReaderFrameHost | null>) {
  useImperativeHandle(
    ref,
    () => ({
      next: () => host.current?.send({ type: 'next' }),
      prev: () => host.current?.send({ type: 'prev' }),
    }),
    [host],
  )
}

/**
 * The EPUB / MOBI / AZW3 / FB2 body: foliate-js in a sandboxed frame of its own origin (frame/), with the
 * table of contents panel, search and the settings modal here in the app.
 */
export function EpubReader(props: ReaderBodyProps) {
  const { t } = useTranslation()
  const { settings, update } = useEreaderSettings()
  const iframeRef = useRef<HTMLIFrameElement>(null)
  const hostRef = useRef<ReaderFrameHost | null>(null)
  const [toc, setToc] = useState<TocEntry[]>([])
  const [shown, setShown] = useState(false)
  // The current position, also on the element for journeys and tools (data-location).
  const [location, setLocation] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState<{ id: number; chapters: SearchChapter[]; done: boolean } | null>(null)
  const searchId = useRef(0)
  // Read by the book's effect, which must not reopen the book whenever the parent renders or a setting moves.
  const settingsRef = useRef(settings)
  const latest = useRef(props)
  useLayoutEffect(() => {
    settingsRef.current = settings
    latest.current = props
  })
  // allowScriptedContent is not read: a book's scripts never run (see frame-host.ts for why).
  const { libraryItemId, fileIno } = props
  useNavigation(props.navigationRef, hostRef)

  useEffect(() => {
    const iframe = iframeRef.current
    if (!iframe) return
    const abort = new AbortController()
    let settled = false
    const fail = (code: keyof typeof ERROR_MESSAGE_KEYS) => {
      if (settled || abort.signal.aborted) return
      settled = true
      const message = t(ERROR_MESSAGE_KEYS[code], { format: latest.current.format })
      setError(message)
      latest.current.onError?.(message)
    }
    const host = new ReaderFrameHost(iframe, (message) => {
      switch (message.type) {
        case 'opened':
          setToc(message.toc)
          break
        case 'relocate':
          settled = true
          setShown(true)
          setLocation(message.cfi)
          latest.current.onRelocate(message.cfi, message.fraction, message.atEnd)
          break
        case 'searchResults':
          if (message.id === searchId.current)
            setSearch({ id: message.id, chapters: message.chapters, done: message.done })
          break
        case 'error':
          fail(message.code)
          break
        case 'key':
          // Keys pressed inside the book never reach the app: replay them for the overlay's hotkeys.
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key: message.key, bubbles: true }))
          break
      }
    })
    hostRef.current = host
    iframe.src = readerFrameUrl()
    const timer = window.setTimeout(() => fail('timeout'), OPEN_TIMEOUT_MS)

    const { fetchBook, initialLocation, format } = latest.current
    Promise.all([fetchBook(abort.signal), host.whenReady()])
      .then(([book]) => {
        if (abort.signal.aborted) return
        host.open({
          type: 'open',
          book,
          fileName: `book.${format}`,
          initialLocation,
          style: frameStyleOf(settingsRef.current),
        })
      })
      .catch(() => fail('load'))

    return () => {
      abort.abort()
      window.clearTimeout(timer)
      host.dispose()
      hostRef.current = null
    }
  }, [libraryItemId, fileIno, t])

  // Settings apply live.
  useEffect(() => {
    hostRef.current?.send({ type: 'setStyle', style: frameStyleOf(settings) })
  }, [settings])
  // The overlay's bar follows the reading theme.
  const { onThemeChange } = props
  useEffect(() => {
    onThemeChange?.(settings.theme)
  }, [settings.theme, onThemeChange])

  const runSearch = (query: string) => {
    const id = ++searchId.current
    setSearch({ id, chapters: [], done: false })
    hostRef.current?.send({ type: 'search', id, query })
  }
  const clearSearch = () => {
    searchId.current++
    setSearch(null)
    hostRef.current?.send({ type: 'clearSearch' })
  }
  const navigate = (target: string) => {
    props.onTocOpenChange(false)
    hostRef.current?.send({ type: 'goTo', target })
  }

  const colours = THEME_COLOURS[settings.theme]
  return (
    <div
      className="relative h-full w-full overflow-hidden"
      style={{ background: colours.background, color: colours.text }}
      data-testid="epub-reader"
      data-reader-theme={settings.theme}
      data-location={location ?? undefined}
    >
      <iframe
        ref={iframeRef}
        title={t('LabelBook')}
        // Our frame script runs and reaches its section frames; no popups, top navigation, forms or downloads.
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        className="block h-full w-full border-0"
        style={{ visibility: shown && !error ? 'visible' : 'hidden' }}
        data-testid="epub-frame"
      />
      {!shown && !error && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t('MessageLoading')} />
        </div>
      )}
      {error && (
        <div role="alert" className="absolute inset-0 flex items-center justify-center p-6 text-center">
          <p className="max-w-md text-base">{error}</p>
        </div>
      )}
      <TocPanel
        open={props.tocOpen}
        onClose={() => props.onTocOpenChange(false)}
        toc={toc}
        search={search}
        onSearch={runSearch}
        onClearSearch={clearSearch}
        onNavigate={navigate}
      />
      <EreaderSettingsModal
        open={props.settingsOpen}
        onClose={() => props.onSettingsOpenChange(false)}
        settings={settings}
        onChange={update}
      />
    </div>
  )
}
