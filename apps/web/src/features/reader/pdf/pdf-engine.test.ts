import { getDocument } from 'pdfjs-dist'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openPdf, PdfOpenError, problemOf, RANGE_CHUNK_SIZE } from './pdf-engine.ts'

vi.mock('./pdf-worker-url.ts', () => ({ pdfWorkerUrl: '/assets/pdf.worker.mjs' }))
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  version: '6.5.438',
  getDocument: vi.fn(),
  PDFWorker: class {
    destroyed = false
  },
}))

/** An error as pdf.js hands it to the main thread: a plain Error carrying the worker's exception name. */
const pdfError = (name: string, message = name) => Object.assign(new Error(message), { name })

/** A loading task that settles with a document (numPages) or an error. */
function task(outcome: { numPages: number } | Error) {
  const destroy = vi.fn(async () => {})
  const promise = outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome)
  promise.catch(() => {})
  return { promise, destroy }
}

const getDocumentMock = vi.mocked(getDocument)
const options = (fetchBook = vi.fn(async () => new ArrayBuffer(8))) => ({
  url: '/api/items/li_1/ebook/7',
  headers: { Authorization: 'Bearer t' },
  fetchBook,
  signal: new AbortController().signal,
})

beforeEach(() => getDocumentMock.mockReset())

describe('openPdf', () => {
  it('reads the book by byte ranges with the auth headers, without scripting or XFA', async () => {
    getDocumentMock.mockReturnValueOnce(task({ numPages: 3 }) as never)
    const fetchBook = vi.fn(async () => new ArrayBuffer(8))
    const handle = await openPdf(options(fetchBook))
    expect(handle.doc.numPages).toBe(3)
    expect(getDocumentMock).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/items/li_1/ebook/7',
        httpHeaders: { Authorization: 'Bearer t' },
        rangeChunkSize: RANGE_CHUNK_SIZE,
        disableAutoFetch: true,
        disableStream: true,
        enableXfa: false,
        // The decoders, fonts and character maps the build copies beside the app (vite-pdfjs-data.ts).
        wasmUrl: new URL('assets/pdfjs-6.5.438/wasm/', document.baseURI).href,
        standardFontDataUrl: new URL('assets/pdfjs-6.5.438/standard_fonts/', document.baseURI).href,
        cMapUrl: new URL('assets/pdfjs-6.5.438/cmaps/', document.baseURI).href,
      }),
    )
    expect(fetchBook).not.toHaveBeenCalled()
  })

  it('shares one worker between the books opened', async () => {
    getDocumentMock.mockReturnValue(task({ numPages: 1 }) as never)
    await openPdf(options())
    await openPdf(options())
    const [first, second] = getDocumentMock.mock.calls.map((call) => (call[0] as { worker: unknown }).worker)
    expect(first).toBeDefined()
    expect(second).toBe(first)
  })

  it('falls back to one whole-file fetch when ranged loading fails on the network', async () => {
    getDocumentMock
      .mockReturnValueOnce(task(pdfError('ResponseException', 'Unexpected server response (401)')) as never)
      .mockReturnValueOnce(task({ numPages: 2 }) as never)
    const fetchBook = vi.fn(async () => new ArrayBuffer(8))
    const handle = await openPdf(options(fetchBook))
    expect(handle.doc.numPages).toBe(2)
    expect(fetchBook).toHaveBeenCalledOnce()
    expect(getDocumentMock.mock.calls[1]![0]).toMatchObject({ data: new Uint8Array(8) })
  })

  it('does not fetch again for a problem of the file itself', async () => {
    getDocumentMock.mockReturnValueOnce(task(pdfError('PasswordException', 'No password given')) as never)
    const fetchBook = vi.fn(async () => new ArrayBuffer(8))
    await expect(openPdf(options(fetchBook))).rejects.toMatchObject({ problem: 'password' })
    expect(fetchBook).not.toHaveBeenCalled()
  })

  it('reports an empty download as empty, and a failed one as unavailable', async () => {
    getDocumentMock.mockReturnValue(task(pdfError('ResponseException')) as never)
    await expect(openPdf(options(vi.fn(async () => new ArrayBuffer(0))))).rejects.toMatchObject({
      problem: 'empty',
    })
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(openPdf(options(offline))).rejects.toMatchObject({ problem: 'unavailable' })
  })
})

describe('problemOf', () => {
  it('names what the reader tells the user', () => {
    expect(problemOf(pdfError('PasswordException'))).toBe('password')
    expect(
      problemOf(pdfError('InvalidPDFException', 'The PDF file is empty, i.e. its size is zero bytes.')),
    ).toBe('empty')
    expect(problemOf(pdfError('InvalidPDFException', 'Invalid PDF structure.'))).toBe('damaged')
    expect(problemOf(pdfError('UnknownErrorException', 'Bad FCHECK in flate stream'))).toBe('damaged')
    expect(problemOf(pdfError('ResponseException'))).toBe('unavailable')
    expect(problemOf(new TypeError('Failed to fetch'))).toBe('unavailable')
    expect(problemOf(new PdfOpenError('empty'))).toBe('empty')
  })
})
