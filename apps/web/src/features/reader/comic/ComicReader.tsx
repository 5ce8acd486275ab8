import {
  useCallback,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, Spinner, cn } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import type { ReaderBodyProps } from '../reader-body.ts'
import {
  PRELOAD_AHEAD,
  clampIndex,
  initialIndex,
  pageFailure,
  pageUrl,
  usePageList,
  usePreload,
} from './comic-pages.ts'

type Fit = 'page' | 'width'

/** Keys the page slider handles itself; kept from the overlay's page-turn hotkeys so one press moves once. */
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
])
/** A slider drag settles before its page is fetched, so sweeping across 300 pages loads one. */
const SLIDER_SETTLE_MS = 200

/**
 * A click on a bar button leaves focus on the reader, so the arrow keys keep turning pages (the overlay ignores
 * them while a button has focus, spec §9); Tab still reaches the buttons for keyboard use.
 */
const keepReaderFocus = (event: MouseEvent) => event.preventDefault()

const barButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-fg transition hover:bg-surface-raised ' +
  'focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40'

/**
 * The comic body (CBZ, CBR): pages come one at a time from the server's comic page routes, so page 1 shows as
 * soon as its own image arrives (it is asked for alongside the page list), the next pages are decoded ahead,
 * and the archive is never unpacked. Always dark, whatever the app's theme (spec §2).
 */
export function ComicReader(props: ReaderBodyProps) {
  const { libraryItemId, fileIno, initialLocation, navigationRef } = props
  const { t } = useTranslation()
  const api = useApiClient()
  const token = useSessionStore((s) => s.accessToken)
  const list = usePageList(libraryItemId, fileIno, t('ToastFailedToLoadData'))
  const count = list.state === 'ready' ? list.pages.length : 0

  const [wanted, setIndex] = useState(() => initialIndex(initialLocation))
  // A saved page past the end (the file was replaced by a shorter one) opens the last page.
  const index = count > 0 ? clampIndex(wanted, count) : wanted
  const [loadedIndex, setLoadedIndex] = useState<number | null>(null)
  const [failure, setFailure] = useState<{ index: number; message: string } | null>(null)
  const [fit, setFit] = useState<Fit>('page')
  const [sliderValue, setSliderValue] = useState<number | null>(null)
  const scroller = useRef<HTMLDivElement>(null)

  // The last page is the end of the book, whatever its fraction (the overlay marks the book finished there).
  const relocate = useEffectEvent((page: number, pages: number) =>
    props.onRelocate(String(page), page / pages, page === pages),
  )
  useEffect(() => {
    if (count > 0) relocate(index + 1, count)
  }, [index, count])

  const pageError = failure?.index === index ? failure.message : null
  const message = list.state === 'error' ? list.message : pageError
  const reportError = useEffectEvent((text: string) => props.onError?.(text))
  useEffect(() => {
    if (message) reportError(message)
  }, [message])

  const turn = useCallback(
    (delta: number) => {
      if (count === 0) return
      setIndex((i) => clampIndex(clampIndex(i, count) + delta, count))
    },
    [count],
  )
  useImperativeHandle(navigationRef, () => ({ next: () => turn(1), prev: () => turn(-1) }), [turn])

  // A new page starts at its top (fit width scrolls).
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 })
  }, [index])

  const urlOf = (i: number) => pageUrl(api, libraryItemId, fileIno, i, token)
  // Reading ahead waits for the first page, which has the connection to itself; after that it follows each turn.
  const ahead =
    count > 0 && loadedIndex !== null
      ? [index - 1, ...Array.from({ length: PRELOAD_AHEAD }, (_, k) => index + 1 + k)]
          .filter((i) => i >= 0 && i < count)
          .map(urlOf)
      : []
  usePreload(ahead)

  const onImageError = async () => {
    const found = await pageFailure(api, libraryItemId, fileIno, index, props.authHeaders())
    // Before the list is in, a 404 is a saved page past the end: the list clamps it and the image reloads.
    if (found?.status === 404 && count === 0) return
    setFailure({ index, message: found?.message || t('ToastFailedToLoadData') })
  }

  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(settle.current), [])
  const onSlide = (page: number) => {
    setSliderValue(page)
    clearTimeout(settle.current)
    settle.current = setTimeout(() => {
      setSliderValue(null)
      setIndex(clampIndex(page - 1, count))
    }, SLIDER_SETTLE_MS)
  }
  const onSliderKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (SLIDER_KEYS.has(event.key)) event.stopPropagation()
  }

  const shownPage = sliderValue ?? index + 1
  const failed = message !== null
  const pageLabel = t('LabelPageOf', { page: index + 1, pages: count || '…' })

  return (
    <div
      data-theme="dark"
      className="flex h-full min-h-0 w-full flex-1 flex-col bg-black text-fg"
      data-testid="comic-reader"
    >
      <div
        ref={scroller}
        className={cn(
          'relative min-h-0 flex-1',
          fit === 'page' ? 'flex items-center justify-center overflow-hidden' : 'overflow-y-auto',
        )}
      >
        {failed ? (
          <div role="alert" className="mx-auto max-w-md px-6 text-center text-sm" data-testid="comic-error">
            <Icon name="issues" className="mx-auto mb-3 size-8 text-error" />
            <p>{message}</p>
          </div>
        ) : (
          <>
            <img
              key={`${index}:${token ?? ''}`}
              src={urlOf(index)}
              alt={pageLabel}
              decoding="async"
              fetchPriority="high"
              draggable={false}
              onLoad={() => setLoadedIndex(index)}
              onError={() => void onImageError()}
              data-testid="comic-page"
              data-page={index + 1}
              className={cn(
                'select-none',
                // Fit page scales small scans up too, as a page of a printed comic fills the screen.
                fit === 'page' ? 'h-full w-full object-contain' : 'mx-auto h-auto w-full',
              )}
            />
            {loadedIndex !== index && (
              <Spinner className="absolute inset-0 m-auto size-5 text-primary" label={t('MessageLoading')} />
            )}
          </>
        )}
      </div>
      {/* An unreadable comic has no pages to move between: its message stands alone. */}
      {list.state !== 'error' && (
        <div className="flex shrink-0 items-center gap-1 border-t border-border bg-surface px-2 py-1.5 sm:gap-2 sm:px-4">
          <button
            type="button"
            onMouseDown={keepReaderFocus}
            className={barButton}
            onClick={() => turn(-1)}
            disabled={count === 0 || index === 0}
            aria-label={t('ButtonPrevPage')}
            title={t('ButtonPrevPage')}
            data-testid="comic-prev"
          >
            <Icon name="chevronLeft" className="size-5" />
          </button>
          <input
            type="range"
            min={1}
            max={Math.max(count, 1)}
            value={Math.min(shownPage, Math.max(count, 1))}
            disabled={count <= 1}
            onChange={(e) => onSlide(Number(e.target.value))}
            onKeyDown={onSliderKey}
            aria-label={t('LabelComicGoToPage')}
            aria-valuetext={t('LabelPageOf', { page: shownPage, pages: count })}
            className="h-10 min-w-0 flex-1 accent-primary"
            data-testid="comic-slider"
          />
          <span
            dir="ltr"
            className="shrink-0 px-1 text-sm tabular-nums text-muted"
            aria-live="polite"
            data-testid="comic-indicator"
          >
            {/* Figures only ("12 / 300"): the same in every language; the slider's value text says it in words. */}
            {count > 0 ? `${shownPage} / ${count}` : ''}
          </span>
          <button
            type="button"
            onMouseDown={keepReaderFocus}
            className={barButton}
            onClick={() => turn(1)}
            disabled={count === 0 || index >= count - 1}
            aria-label={t('ButtonNextPage')}
            title={t('ButtonNextPage')}
            data-testid="comic-next"
          >
            <Icon name="chevronRight" className="size-5" />
          </button>
          <button
            type="button"
            onMouseDown={keepReaderFocus}
            className={cn(barButton, 'w-auto px-2 text-xs sm:text-sm')}
            onClick={() => setFit((f) => (f === 'page' ? 'width' : 'page'))}
            aria-pressed={fit === 'width'}
            data-testid="comic-fit"
          >
            {fit === 'page' ? t('ButtonComicFitWidth') : t('ButtonComicFitPage')}
          </button>
        </div>
      )}
    </div>
  )
}
