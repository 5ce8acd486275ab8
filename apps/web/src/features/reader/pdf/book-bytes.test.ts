import { describe, expect, it, vi } from 'vitest'
import { bookBytes, totalFromContentRange, type BookBytesOptions } from './book-bytes.ts'

const BOOK = Uint8Array.from({ length: 1000 }, (_, i) => i % 251)

/**
 * A server holding BOOK that answers ranges like ours (206 with Content-Range, 416 past the end), or
 * `ranges: false` like one that ignores them; `tokens` are the bearer tokens it accepts.
 */
function fakeServer(opts: { ranges?: boolean; tokens?: string[]; body?: Uint8Array } = {}) {
  const body = opts.body ?? BOOK
  const seen: { range: string | null; auth: string | null }[] = []
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    seen.push({ range: headers.get('range'), auth: headers.get('authorization') })
    if (opts.tokens && !opts.tokens.includes(headers.get('authorization') ?? ''))
      return new Response('', { status: 401 })
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(headers.get('range') ?? '') ?? []
    if (opts.ranges === false || from === undefined) return new Response(body.slice(), { status: 200 })
    if (Number(from) >= body.length)
      return new Response('', { status: 416, headers: { 'content-range': `bytes */${body.length}` } })
    const end = Math.min(Number(to), body.length - 1)
    return new Response(body.slice(Number(from), end + 1), {
      status: 206,
      headers: { 'content-range': `bytes ${from}-${end}/${body.length}` },
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen }
}

function options(
  server: ReturnType<typeof fakeServer>,
  extra: Partial<BookBytesOptions> = {},
): BookBytesOptions {
  return {
    url: '/api/items/li/ebook/7',
    headers: () => ({ Authorization: 'Bearer one' }),
    fetchBook: vi.fn(async () => BOOK.slice().buffer),
    signal: new AbortController().signal,
    fetch: server.fetch,
    ...extra,
  }
}

describe('bookBytes', () => {
  it('starts with one range request that also tells the size, then reads the ranges asked for', async () => {
    const server = fakeServer()
    const bytes = bookBytes(options(server))
    const start = await bytes.start(100)
    expect(start).toEqual({ kind: 'ranged', total: 1000, first: BOOK.slice(0, 100) })
    expect(await bytes.range(900, 1000)).toEqual(BOOK.slice(900, 1000))
    expect(server.seen.map((s) => s.range)).toEqual(['bytes=0-99', 'bytes=900-999'])
  })

  it('takes the whole book when it is smaller than the first range, or when the server ignores ranges', async () => {
    const small = bookBytes(options(fakeServer({ body: BOOK.slice(0, 50) })))
    expect(await small.start(100)).toEqual({ kind: 'whole', bytes: BOOK.slice(0, 50) })
    const noRanges = bookBytes(options(fakeServer({ ranges: false })))
    expect(await noRanges.start(100)).toEqual({ kind: 'whole', bytes: BOOK })
  })

  it('reads an empty file as empty (the server answers 416 to any range of it)', async () => {
    const bytes = bookBytes(options(fakeServer({ body: new Uint8Array(0) })))
    expect(await bytes.start(100)).toEqual({ kind: 'whole', bytes: new Uint8Array(0) })
  })

  it('sends the token of the moment, and renews it after a 401 before asking again', async () => {
    let token = 'Bearer old'
    const server = fakeServer({ tokens: ['Bearer new'] })
    const refreshAuth = vi.fn(async () => (token = 'Bearer new'))
    const bytes = bookBytes(options(server, { headers: () => ({ Authorization: token }), refreshAuth }))
    expect(await bytes.range(10, 20)).toEqual(BOOK.slice(10, 20))
    expect(refreshAuth).toHaveBeenCalledOnce()
    expect(server.seen.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new'])
  })

  it('falls back to one whole-file fetch when ranges keep failing, and cuts every later range from it', async () => {
    const server = fakeServer({ tokens: [] })
    const fetchBook = vi.fn(async () => BOOK.slice().buffer)
    const bytes = bookBytes(options(server, { fetchBook }))
    expect(await bytes.range(0, 10)).toEqual(BOOK.slice(0, 10))
    expect(await bytes.range(500, 600)).toEqual(BOOK.slice(500, 600))
    expect(fetchBook).toHaveBeenCalledOnce()
  })

  it('rejects when neither a range nor the whole file can be had, and tries the whole file again next time', async () => {
    const fetchBook = vi.fn(async (): Promise<ArrayBuffer> => {
      throw new TypeError('Failed to fetch')
    })
    const bytes = bookBytes(options(fakeServer({ tokens: [] }), { fetchBook }))
    await expect(bytes.range(0, 10)).rejects.toThrow('Failed to fetch')
    await expect(bytes.range(0, 10)).rejects.toThrow('Failed to fetch')
    expect(fetchBook).toHaveBeenCalledTimes(2)
  })

  it('reads the size from Content-Range', () => {
    expect(totalFromContentRange('bytes 0-131071/636896')).toBe(636896)
    expect(totalFromContentRange('bytes */0')).toBe(0)
    expect(totalFromContentRange(null)).toBeNull()
    expect(totalFromContentRange('bytes 0-10/*')).toBeNull()
  })
})
