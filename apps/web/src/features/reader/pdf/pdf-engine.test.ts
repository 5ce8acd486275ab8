import { getDocument } from 'pdfjs-dist'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openPdf, PdfOpenError, problemOf, RANGE_CHUNK_SIZE, type OpenPdfOptions } from './pdf-engine.ts'

vi.mock('./pdf-worker-url.ts', () => ({ pdfWorkerUrl: '/assets/pdf.worker.mjs' }))
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  version: '6.5.438',
  getDocument: vi.fn(),
  PDFWorker: class {
    destroyed = false
  },
  // pdf.js's range transport: the reader overrides requestDataRange and answers with onDataRange.
  PDFDataRangeTransport: class {
    length: number
    initialData: Uint8Array
    answered: { begin: number; chunk: Uint8Array }[] = []
    constructor(length: number, initialData: Uint8Array) {
      this.length = length
      this.initialData = initialData
    }
    onDataRange(begin: number, chunk: Uint8Array) {
      this.answered.push({ begin, chunk })
    }
  },
}))

interface FakeTransport {
  length: number
  initialData: Uint8Array
  answered: { begin: number; chunk: Uint8Array }[]
  requestDataRange(begin: number, end: number): void
}

/** An error as pdf.js hands it to the main thread: a plain Error carrying the worker's exception name. */
const pdfError = (name: string, message = name) => Object.assign(new Error(message), { name })

/** A loading task that settles with a document (numPages) or an error, or never (pending). */
function task(outcome: { numPages: number } | Error | 'pending') {
  const destroy = vi.fn(async () => {})
  const promise =
    outcome === 'pending'
      ? new Promise(() => {})
      : outcome instanceof Error
        ? Promise.reject(outcome)
        : Promise.resolve(outcome)
  promise.catch(() => {})
  return { promise, destroy }
}

const BOOK_SIZE = 3 * RANGE_CHUNK_SIZE
/** Our server: ranges of a BOOK_SIZE file, 416 for any range of an empty one. */
function rangeFetch(size = BOOK_SIZE) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(new Headers(init?.headers).get('range') ?? '')!
    if (size === 0) return new Response('', { status: 416, headers: { 'content-range': 'bytes */0' } })
    const end = Math.min(Number(to), size - 1)
    return new Response(new Uint8Array(end - Number(from) + 1), {
      status: 206,
      headers: { 'content-range': `bytes ${from}-${end}/${size}` },
    })
  }) as unknown as typeof fetch
}

const getDocumentMock = vi.mocked(getDocument)
const options = (extra: Partial<OpenPdfOptions> = {}): OpenPdfOptions => ({
  url: '/api/items/li_1/ebook/7',
  headers: () => ({ Authorization: 'Bearer t' }),
  fetchBook: vi.fn(async () => new ArrayBuffer(8)),
  signal: new AbortController().signal,
  fetch: rangeFetch(),
  ...extra,
})
const lastParams = () => getDocumentMock.mock.calls.at(-1)![0] as Record<string, unknown>

beforeEach(() => getDocumentMock.mockReset())

describe('openPdf', () => {
  it('hands pdf.js a range transport of the book, without scripting or XFA, with the data it fetches by name', async () => {
    getDocumentMock.mockReturnValue(task({ numPages: 3 }) as never)
    const fetchBook = vi.fn(async () => new ArrayBuffer(8))
    const handle = await openPdf(options({ fetchBook }))
    expect(handle.doc.numPages).toBe(3)
    const params = lastParams()
    expect(params).toMatchObject({
      rangeChunkSize: RANGE_CHUNK_SIZE,
      disableAutoFetch: true,
      disableStream: true,
      enableXfa: false,
      wasmUrl: new URL('assets/pdfjs-6.5.438/wasm/', document.baseURI).href,
      standardFontDataUrl: new URL('assets/pdfjs-6.5.438/standard_fonts/', document.baseURI).href,
      cMapUrl: new URL('assets/pdfjs-6.5.438/cmaps/', document.baseURI).href,
    })
    const transport = params.range as FakeTransport
    expect(transport.length).toBe(BOOK_SIZE)
    expect(transport.initialData.length).toBe(RANGE_CHUNK_SIZE)
    // A range pdf.js asks for arrives through onDataRange.
    transport.requestDataRange(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE)
    await vi.waitFor(() => expect(transport.answered).toHaveLength(1))
    expect(transport.answered[0]).toMatchObject({ begin: RANGE_CHUNK_SIZE })
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

  it('opens a small book from its bytes, and an empty one not at all', async () => {
    getDocumentMock.mockReturnValue(task({ numPages: 1 }) as never)
    await openPdf(options({ fetch: rangeFetch(500) }))
    expect(lastParams()).toMatchObject({ data: new Uint8Array(500) })
    getDocumentMock.mockClear()
    await expect(openPdf(options({ fetch: rangeFetch(0) }))).rejects.toMatchObject({ problem: 'empty' })
    expect(getDocumentMock).not.toHaveBeenCalled()
  })

  it('names the problem of a file pdf.js refuses', async () => {
    getDocumentMock.mockReturnValueOnce(task(pdfError('PasswordException', 'No password given')) as never)
    await expect(openPdf(options())).rejects.toMatchObject({ problem: 'password' })
    getDocumentMock.mockReturnValueOnce(
      task(pdfError('InvalidPDFException', 'Invalid PDF structure.')) as never,
    )
    await expect(openPdf(options())).rejects.toMatchObject({ problem: 'damaged' })
  })

  it('fails the opening, instead of waiting for ever, when the bytes pdf.js asks for never come', async () => {
    getDocumentMock.mockReturnValue(task('pending') as never)
    let calls = 0
    const flaky = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls += 1
      if (calls === 1) return rangeFetch()(url, init) // the first chunk, then the network is gone
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    const fetchBook = vi.fn(async (): Promise<ArrayBuffer> =>
      Promise.reject(new TypeError('Failed to fetch')),
    )
    const opening = openPdf(options({ fetch: flaky, fetchBook }))
    await vi.waitFor(() => expect(getDocumentMock).toHaveBeenCalled())
    ;(lastParams().range as FakeTransport).requestDataRange(BOOK_SIZE - 100, BOOK_SIZE)
    await expect(opening).rejects.toMatchObject({ problem: 'unavailable' })
  })

  it('reports a book whose bytes stop arriving after it opened', async () => {
    getDocumentMock.mockReturnValue(task({ numPages: 2 }) as never)
    const onLost = vi.fn()
    let online = true
    const fetchSometimes = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch')
      return rangeFetch()(url, init)
    }) as unknown as typeof fetch
    const fetchBook = vi.fn(async (): Promise<ArrayBuffer> =>
      Promise.reject(new TypeError('Failed to fetch')),
    )
    await openPdf(options({ fetch: fetchSometimes, fetchBook, onLost }))
    online = false
    ;(lastParams().range as FakeTransport).requestDataRange(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE)
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce())
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
