import type * as PdfJsModule from 'pdfjs-dist'
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist'
import { bookBytes, type BookBytesOptions, type BookStart } from './book-bytes.ts'
import { pdfWorkerUrl } from './pdf-worker-url.ts'

export type PdfJs = typeof PdfJsModule
type DocumentInitParameters = NonNullable<Parameters<PdfJs['getDocument']>[0]>

/** Why a book cannot be shown; each has its own message (locale keys in PdfReader). */
export type PdfProblem = 'password' | 'empty' | 'damaged' | 'unavailable'

export class PdfOpenError extends Error {
  readonly problem: PdfProblem

  constructor(problem: PdfProblem, options?: { cause?: unknown }) {
    super(`PDF cannot be opened: ${problem}`, options)
    this.name = 'PdfOpenError'
    this.problem = problem
  }
}

export interface PdfHandle {
  pdfjs: PdfJs
  doc: PDFDocumentProxy
  /** Ends the document's network requests (the shared worker stays for the next book). */
  destroy(): Promise<void>
}

export interface OpenPdfOptions extends BookBytesOptions {
  /** After opening: the book's bytes stopped arriving (network gone, session over). */
  onLost?(): void
}

/**
 * 128 KiB per range request: a text page is a few kB, a scanned page some hundreds; fewer, larger requests
 * beat many small ones on a LAN, and page 1 of a 500-page book still needs only the first and last chunks.
 */
export const RANGE_CHUNK_SIZE = 128 * 1024

let pdfjsModule: Promise<PdfJs> | null = null

/** pdf.js itself (~450 kB) is fetched only when a PDF is opened, not with the reader's other bodies. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl
    return pdfjs
  })
  pdfjsModule.catch(() => (pdfjsModule = null)) // a failed fetch is tried again on the next open
  return pdfjsModule
}

let sharedWorker: PDFWorker | null = null

/**
 * pdf.js and its worker (a 1.3 MB script to fetch and compile), started once and shared by every PDF opened
 * in this tab. PdfReader calls it as soon as its code arrives, so both load while the overlay is still
 * revealing the body instead of after it.
 */
export async function preparePdfJs(): Promise<{ pdfjs: PdfJs; worker: PDFWorker }> {
  const pdfjs = await loadPdfJs()
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new pdfjs.PDFWorker({ verbosity: 0 })
  return { pdfjs, worker: sharedWorker }
}

/** The problem an error of pdf.js (or of the fetch under it) means for the reader. */
export function problemOf(error: unknown): PdfProblem {
  if (error instanceof PdfOpenError) return error.problem
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) }
  if (name === 'PasswordException') return 'password'
  if (name === 'InvalidPDFException') return /empty|zero bytes/i.test(message) ? 'empty' : 'damaged'
  // FormatError and friends reach the main thread as UnknownErrorException with the parser's message.
  if (name === 'FormatError' || (name === 'UnknownErrorException' && !/fetch|network/i.test(message)))
    return 'damaged'
  return 'unavailable'
}

/**
 * What every load shares: no XFA forms and no scripting (pdf.js runs document JavaScript only through a
 * viewer's scripting sandbox, which we never create; pdf.js 6 has no eval path left to switch off), and where
 * the worker finds the data it fetches by name (copied into the build by apps/web/vite-pdfjs-data.ts, in a
 * folder named by pdf.js's version, under the app's base path).
 */
function commonParams(pdfjs: PdfJs): DocumentInitParameters {
  const data = new URL(`assets/pdfjs-${pdfjs.version}/`, document.baseURI).href
  return {
    enableXfa: false,
    verbosity: 0,
    wasmUrl: `${data}wasm/`,
    standardFontDataUrl: `${data}standard_fonts/`,
    cMapUrl: `${data}cmaps/`,
    iccUrl: `${data}iccs/`,
  }
}

async function load(pdfjs: PdfJs, params: DocumentInitParameters, signal: AbortSignal): Promise<PdfHandle> {
  const task = pdfjs.getDocument({ ...commonParams(pdfjs), ...params })
  const abort = () => void task.destroy()
  signal.addEventListener('abort', abort, { once: true })
  try {
    const doc = await task.promise
    return { pdfjs, doc, destroy: () => task.destroy() }
  } catch (error) {
    void task.destroy()
    throw error
  } finally {
    signal.removeEventListener('abort', abort)
  }
}

/**
 * Opens a PDF reading only the byte ranges it needs (page 1 of a long book shows before the rest arrives; see
 * book-bytes.ts for tokens and fallbacks). Rejects with a PdfOpenError.
 */
export async function openPdf(options: OpenPdfOptions): Promise<PdfHandle> {
  const { signal } = options
  const { pdfjs, worker } = await preparePdfJs()
  const bytes = bookBytes(options)
  let start: BookStart
  try {
    start = await bytes.start(RANGE_CHUNK_SIZE)
  } catch (error) {
    throw new PdfOpenError('unavailable', { cause: error })
  }
  if (start.kind === 'whole' && start.bytes.length === 0) throw new PdfOpenError('empty')

  // Bytes that stop arriving mid-read (network gone, session over) would leave a page waiting for ever:
  // before the book is open that fails the opening, after it the reader says the book is unavailable.
  let lost: (error: unknown) => void = () => undefined
  const lostWhileOpening = new Promise<never>((_, reject) => (lost = reject))
  lostWhileOpening.catch(() => undefined)
  let params: DocumentInitParameters
  if (start.kind === 'whole') params = { worker, data: start.bytes }
  else {
    const transport = new pdfjs.PDFDataRangeTransport(start.total, start.first)
    transport.requestDataRange = (begin: number, end: number) => {
      bytes.range(begin, end).then(
        (chunk) => transport.onDataRange(begin, chunk),
        (error: unknown) => {
          if (!signal.aborted) lost(error)
        },
      )
    }
    // Without streaming and auto-fetch pdf.js asks only for the ranges the pages shown need.
    params = {
      worker,
      range: transport,
      rangeChunkSize: RANGE_CHUNK_SIZE,
      disableStream: true,
      disableAutoFetch: true,
    }
  }
  try {
    const handle = await Promise.race([load(pdfjs, params, signal), lostWhileOpening])
    lost = () => options.onLost?.()
    return handle
  } catch (error) {
    throw new PdfOpenError(problemOf(error), { cause: error })
  }
}
