import type { PageViewport, PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist'

export interface RenderedPage {
  page: PDFPageProxy
  /** The page's box at the CSS scale asked for (what the text layer is laid out in). */
  viewport: PageViewport
  /** Drawn at the device's pixel ratio, sized in CSS pixels. */
  canvas: HTMLCanvasElement
}

/** A draw in progress: its pdf.js task (to cancel) and whether it is still wanted. */
interface DrawState {
  task: RenderTask | null
  cancelled: boolean
}

interface Entry {
  key: string
  promise: Promise<RenderedPage>
  state: DrawState
}

/**
 * Largest canvas we draw, in device pixels (4096²): iOS Safari refuses bigger ones and a zoomed page on a
 * 3x screen would otherwise ask for ~100 M pixels. Past it the page is drawn a little softer, never blank.
 */
const MAX_CANVAS_PIXELS = 4096 * 4096

export const renderKey = (pageNumber: number, scale: number, pixelRatio: number) =>
  `${pageNumber}@${scale.toFixed(4)}x${pixelRatio}`

/**
 * Draws pages into canvases off screen and keeps the few around the current one, so a page turn to a
 * prefetched page only swaps a finished canvas in. One drawing per page: asking for a page at a new size
 * cancels the old one, and pages nobody keeps any more are cancelled and dropped.
 */
export class PageRenderer {
  readonly #doc: PDFDocumentProxy
  /** By page number. */
  readonly #entries = new Map<number, Entry>()

  constructor(doc: PDFDocumentProxy) {
    this.#doc = doc
  }

  /** The page drawn at `scale` (CSS) on a screen of `pixelRatio`; shared with a prefetch of the same. */
  render(pageNumber: number, scale: number, pixelRatio: number): Promise<RenderedPage> {
    const key = renderKey(pageNumber, scale, pixelRatio)
    const existing = this.#entries.get(pageNumber)
    if (existing?.key === key) return existing.promise
    if (existing) cancel(existing)
    const state: DrawState = { task: null, cancelled: false }
    const entry: Entry = { key, promise: this.#draw(state, pageNumber, scale, pixelRatio), state }
    // A failed render is not kept: the next visit tries again.
    entry.promise.catch(() => this.#entries.get(pageNumber) === entry && this.#entries.delete(pageNumber))
    this.#entries.set(pageNumber, entry)
    return entry.promise
  }

  async #draw(
    state: DrawState,
    pageNumber: number,
    scale: number,
    pixelRatio: number,
  ): Promise<RenderedPage> {
    const page = await this.#doc.getPage(pageNumber)
    if (state.cancelled) throw new RenderCancelled()
    const viewport = page.getViewport({ scale })
    const area = viewport.width * viewport.height * pixelRatio * pixelRatio
    const outputScale =
      area > MAX_CANVAS_PIXELS ? pixelRatio * Math.sqrt(MAX_CANVAS_PIXELS / area) : pixelRatio
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.floor(viewport.width * outputScale))
    canvas.height = Math.max(1, Math.floor(viewport.height * outputScale))
    canvas.style.width = `${Math.floor(viewport.width)}px`
    canvas.style.height = `${Math.floor(viewport.height)}px`
    const task = page.render({
      canvas,
      viewport,
      transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
    })
    state.task = task
    try {
      await task.promise
    } catch (error) {
      throw state.cancelled ? new RenderCancelled() : error
    } finally {
      state.task = null
    }
    return { page, viewport, canvas }
  }

  /** Drops (and cancels) every drawn or drawing page but the ones listed. */
  keepOnly(pageNumbers: Iterable<number>): void {
    const keep = new Set(pageNumbers)
    for (const [pageNumber, entry] of this.#entries) {
      if (keep.has(pageNumber)) continue
      cancel(entry)
      this.#entries.delete(pageNumber)
    }
  }

  dispose(): void {
    this.keepOnly([])
  }
}

function cancel(entry: Entry) {
  entry.state.cancelled = true
  entry.state.task?.cancel()
}

/** A render given up because its page or size is no longer wanted; not a failure to show. */
export class RenderCancelled extends Error {
  constructor() {
    super('render superseded')
    this.name = 'RenderCancelled'
  }
}

export const isCancelled = (error: unknown) =>
  error instanceof RenderCancelled || (error instanceof Error && error.name === 'RenderingCancelledException')
