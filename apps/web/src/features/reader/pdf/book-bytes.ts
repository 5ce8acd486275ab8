/**
 * The book's bytes for pdf.js, read by HTTP range with the session's current token on every request (pdf.js's
 * own loader would keep the token of the moment the book was opened, and a long read outlives a token). A
 * range that fails is asked again after renewing the token; past that the whole file is fetched once (the
 * app's authenticated fetch) and ranges are cut from it.
 */

export interface BookBytesOptions {
  url: string
  /** Read before each request, so a renewed token is used. */
  headers(): Record<string, string>
  /** The whole file, through the app's fetch (which renews an expired token itself). */
  fetchBook(signal: AbortSignal): Promise<ArrayBuffer>
  /** Renews the session's token after a 401; without it a 401 goes straight to the whole-file fetch. */
  refreshAuth?(): Promise<unknown>
  signal: AbortSignal
  fetch?: typeof globalThis.fetch
}

/** How the book starts: its first bytes and total size, or all of it when the server did not send a range. */
export type BookStart =
  { kind: 'ranged'; total: number; first: Uint8Array } | { kind: 'whole'; bytes: Uint8Array }

export interface BookBytes {
  /** The first `length` bytes and the total size (one request: no separate probe of the size). */
  start(length: number): Promise<BookStart>
  /** Bytes [begin, end). Rejects only when neither a range nor the whole file can be had. */
  range(begin: number, end: number): Promise<Uint8Array>
}

/** Total size from `Content-Range: bytes 0-131071/636896` (or `bytes *\/0` on a 416 for an empty file). */
export function totalFromContentRange(header: string | null): number | null {
  const total = /\/\s*(\d+)\s*$/.exec(header ?? '')?.[1]
  return total === undefined ? null : Number(total)
}

export function bookBytes(options: BookBytesOptions): BookBytes {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let whole: Promise<Uint8Array> | null = null
  const wholeBook = () => {
    whole ??= options.fetchBook(options.signal).then((bytes) => new Uint8Array(bytes))
    whole.catch(() => (whole = null)) // the next page tries again
    return whole
  }

  async function get(begin: number, end: number): Promise<Response> {
    const request = () =>
      send(options.url, {
        headers: { ...options.headers(), Range: `bytes=${begin}-${end - 1}` },
        signal: options.signal,
      })
    const answer = await request()
    if (answer.status !== 401 || !options.refreshAuth) return answer
    await options.refreshAuth()
    return request()
  }

  return {
    async start(length) {
      let answer: Response | null = null
      try {
        answer = await get(0, length)
      } catch (error) {
        if (options.signal.aborted) throw error
      }
      if (answer?.status === 206) {
        const total = totalFromContentRange(answer.headers.get('content-range'))
        const first = new Uint8Array(await answer.arrayBuffer())
        if (total !== null && total > first.length) return { kind: 'ranged', total, first }
        return { kind: 'whole', bytes: first }
      }
      // 416: a range of an empty file. 200: a server that ignores ranges sent it all.
      if (answer?.status === 416 && totalFromContentRange(answer.headers.get('content-range')) === 0)
        return { kind: 'whole', bytes: new Uint8Array(0) }
      if (answer?.status === 200) return { kind: 'whole', bytes: new Uint8Array(await answer.arrayBuffer()) }
      return { kind: 'whole', bytes: await wholeBook() }
    },

    async range(begin, end) {
      try {
        const answer = await get(begin, end)
        if (answer.status === 206) return new Uint8Array(await answer.arrayBuffer())
      } catch (error) {
        if (options.signal.aborted) throw error
      }
      return (await wholeBook()).subarray(begin, end)
    },
  }
}
