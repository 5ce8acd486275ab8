import { useEffect, useEffectEvent, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { usePhoneLayout } from '@/components/ui/use-phone-layout.ts'
import type { ReaderNavigation } from '../reader-body.ts'
import type { PdfHandle } from './pdf-engine.ts'
import { normalizeText, PdfTextIndex } from './pdf-search.ts'
import { isCancelled, PageRenderer } from './page-renderer.ts'
import { PdfSearchBar } from './PdfSearchBar.tsx'
import { PdfToolbar } from './PdfToolbar.tsx'
import {
  clampPage,
  defaultZoom,
  initialPage,
  progressOf,
  scaleFor,
  stepZoom,
  type PdfZoom,
} from './pdf-view.ts'
import './pdf-text-layer.css'

interface ViewportSize {
  width: number
  height: number
  pixelRatio: number
}

export interface PdfDocumentViewProps {
  handle: PdfHandle
  initialLocation: string | null
  onRelocate(location: string, progress: number, atEnd: boolean): void
  navigationRef: Ref<ReaderNavigation | null>
}

/** An opened PDF: the page shown, its controls, and the search. */
export function PdfDocumentView({
  handle,
  initialLocation,
  onRelocate,
  navigationRef,
}: PdfDocumentViewProps) {
  const { t } = useTranslation()
  const { doc, pdfjs } = handle
  const numPages = doc.numPages
  const phone = usePhoneLayout()
  const [page, setPage] = useState(() => initialPage(initialLocation, numPages))
  const [zoom, setZoom] = useState<PdfZoom>(() => defaultZoom(phone))
  const [shownScale, setShownScale] = useState(1)
  const [viewport, setViewport] = useState<ViewportSize | null>(null)
  const [pageFailed, setPageFailed] = useState(false)
  const [searchOpen, setSearchOpen] = useState(false)
  /** The query whose matches are tinted on the page shown. */
  const [hitQuery, setHitQuery] = useState('')
  const scrollerRef = useRef<HTMLDivElement>(null)
  const hostRef = useRef<HTMLDivElement>(null)

  const renderer = useMemo(() => new PageRenderer(doc), [doc])
  useEffect(() => () => renderer.dispose(), [renderer])
  const textIndex = useMemo(() => new PdfTextIndex(doc), [doc])

  const goTo = (target: number) => setPage(clampPage(target, numPages))
  useImperativeHandle(
    navigationRef,
    () => ({
      next: () => setPage((p) => clampPage(p + 1, numPages)),
      prev: () => setPage((p) => clampPage(p - 1, numPages)),
    }),
    [numPages],
  )

  const relocate = useEffectEvent((at: number) =>
    onRelocate(String(at), progressOf(at, numPages), at === numPages),
  )
  useEffect(() => relocate(page), [page])

  // The space a page is fitted into, and the screen's pixel ratio (it changes with browser zoom).
  useEffect(() => {
    const scroller = scrollerRef.current
    if (!scroller) return
    const measure = () => {
      const next = {
        width: scroller.clientWidth,
        height: scroller.clientHeight,
        pixelRatio: window.devicePixelRatio || 1,
      }
      setViewport((v) =>
        v && v.width === next.width && v.height === next.height && v.pixelRatio === next.pixelRatio
          ? v
          : next,
      )
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(scroller)
    return () => observer.disconnect()
  }, [])

  // Draw the page (a prefetched one is already drawn: the turn only swaps its canvas in), lay its text
  // over it, then draw the pages either side ahead of the next turn.
  useEffect(() => {
    const host = hostRef.current
    if (!viewport || !host) return
    let current = true
    let textLayer: InstanceType<typeof pdfjs.TextLayer> | null = null
    const scaleOf = async (n: number) => {
      const size = (await doc.getPage(n)).getViewport({ scale: 1 })
      return scaleFor(zoom, size, viewport)
    }
    const show = async () => {
      const neighbours = [page + 1, page - 1].filter((n) => n >= 1 && n <= numPages)
      renderer.keepOnly([page, ...neighbours])
      const scale = await scaleOf(page)
      const drawn = await renderer.render(page, scale, viewport.pixelRatio)
      if (!current) return
      const layer = document.createElement('div')
      layer.className = 'pdf-text-layer'
      layer.style.setProperty('--total-scale-factor', String(scale))
      host.style.width = drawn.canvas.style.width
      host.style.height = drawn.canvas.style.height
      host.replaceChildren(drawn.canvas, layer)
      // The page now on screen (data-page is the page asked for): what journeys and benchmarks wait for.
      host.dataset.renderedPage = String(page)
      setShownScale(scale)
      setPageFailed(false)
      if (scrollerRef.current) scrollerRef.current.scrollTop = 0

      textLayer = new pdfjs.TextLayer({
        textContentSource: drawn.page.streamTextContent(),
        container: layer,
        viewport: drawn.viewport,
      })
      await textLayer.render()
      if (!current) return
      const hit = markMatches(layer, hitQuery)
      hit?.scrollIntoView({ block: 'nearest', inline: 'nearest' })

      for (const n of neighbours) {
        if (!current) return
        await renderer.render(n, await scaleOf(n), viewport.pixelRatio).catch(() => undefined)
      }
    }
    show().catch((error: unknown) => {
      if (!current || isCancelled(error)) return
      host.replaceChildren()
      delete host.dataset.renderedPage
      setPageFailed(true)
    })
    return () => {
      current = false
      textLayer?.cancel()
    }
  }, [doc, pdfjs, renderer, page, numPages, zoom, viewport, hitQuery])

  return (
    <>
      <div ref={scrollerRef} className="relative min-h-0 flex-1 overflow-auto" data-testid="pdf-scroller">
        {/* Centred while smaller than the viewport, scrollable to every edge once zoomed past it. */}
        <div className="flex min-h-full w-max min-w-full p-4">
          <div
            ref={hostRef}
            data-page={page}
            aria-label={t('LabelPageOf', { page, pages: numPages })}
            role="group"
            className="relative m-auto bg-white shadow-lg shadow-black/50"
          />
        </div>
        {pageFailed && (
          <p role="alert" className="absolute inset-x-0 top-1/3 mx-auto max-w-sm px-6 text-center text-muted">
            {t('MessagePdfPageFailed')}
          </p>
        )}
      </div>
      {searchOpen && (
        <PdfSearchBar
          index={textIndex}
          page={page}
          onFound={(found, query) => {
            setHitQuery(query)
            goTo(found)
          }}
          onClose={() => {
            setSearchOpen(false)
            setHitQuery('')
          }}
        />
      )}
      <PdfToolbar
        page={page}
        numPages={numPages}
        onPage={goTo}
        scale={shownScale}
        fit={zoom.fit}
        onZoom={(direction) => setZoom({ fit: 'custom', scale: stepZoom(shownScale, direction) })}
        onFit={(fit) => setZoom({ fit, scale: shownScale })}
        searchOpen={searchOpen}
        onSearchOpenChange={(open) => {
          setSearchOpen(open)
          if (!open) setHitQuery('')
        }}
      />
    </>
  )
}

/** Tints the text-layer runs holding the query; returns the first, to bring into view. */
function markMatches(layer: HTMLElement, query: string): HTMLElement | null {
  const needle = normalizeText(query)
  if (!needle) return null
  let first: HTMLElement | null = null
  for (const span of layer.querySelectorAll<HTMLElement>('span')) {
    if (!normalizeText(span.textContent ?? '').includes(needle)) continue
    span.classList.add('pdf-search-hit')
    first ??= span
  }
  return first
}
