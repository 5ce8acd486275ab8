import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { pipeCapped, readCapped } from './capped-body.ts'
import {
  decodeText,
  imageTypes,
  isAcceptedType,
  mediaTypeOf,
  sniffImageType,
  type ImageType,
} from './content-type.ts'
import { FetchCall, openResponse, type FetchLimits, type SendOptions, type Transport } from './fetch-call.ts'
import { FetchFailedError } from './fetch-errors.ts'
import { guardedLookup, systemResolver, type Resolver } from './guarded-lookup.ts'
import { hostAllowlist } from './url-policy.ts'

export type { FetchLimits } from './fetch-call.ts'

const MB = 1024 * 1024

/** Small answers: covers, author images, feeds, provider JSON. */
export const defaultFetchLimits: FetchLimits = {
  timeoutMs: 15_000,
  maxBytes: 10 * MB,
  stallTimeoutMs: 10_000,
  maxRedirects: 5,
}

/** Streamed downloads (podcast episodes): long and large, but never silent for long. */
export const defaultDownloadLimits: FetchLimits = {
  timeoutMs: 2 * 3600_000,
  maxBytes: 4096 * MB,
  stallTimeoutMs: 60_000,
  maxRedirects: 5,
}

export interface FetchOptions extends Partial<FetchLimits> {
  /** Media types the answer must declare ("image/*" covers a top-level type); not checked when absent. */
  accept?: readonly string[]
  /** Extra request headers (e.g. a provider's key). Authorization and Cookie are dropped on a cross-origin redirect. */
  headers?: Readonly<Record<string, string>>
  signal?: AbortSignal
}

export interface FetchedHead {
  /** The final URL, after redirects (relative links in a feed resolve against it). */
  url: string
  status: number
  headers: IncomingHttpHeaders
  /** The declared media type without parameters, lower case; null when the server sent none. */
  mediaType: string | null
}

export interface FetchedBody extends FetchedHead {
  body: Buffer
  /** The body decoded by its declared charset (UTF-8 when none). */
  text(): string
  /** The body parsed as JSON; callers validate the shape (zod). */
  json(): unknown
}

export interface FetchedImage extends FetchedBody {
  /** What the bytes are, by their magic numbers. */
  imageType: ImageType
}

export interface FetchedStream extends FetchedHead {
  bytes: number
}

export interface GuardedFetcher {
  fetchBuffer(url: string | URL, options?: FetchOptions): Promise<FetchedBody>
  fetchText(url: string | URL, options?: FetchOptions): Promise<string>
  fetchJson(url: string | URL, options?: FetchOptions): Promise<unknown>
  /** A JPEG, PNG, WebP or GIF: checked by Content-Type and by its first bytes. */
  fetchImage(url: string | URL, options?: FetchOptions): Promise<FetchedImage>
  /**
   * POSTs `payload` as JSON (webhooks such as an Apprise API server) and resolves with the 2xx answer. Redirects
   * are not followed (a POST must not be replayed elsewhere): a 3xx fails like any other non-2xx.
   */
  postJson(url: string | URL, payload: unknown, options?: FetchOptions): Promise<FetchedBody>
  /**
   * One request as a protocol client sends it (openid-client's fetch): any method, the caller's headers and
   * body, every status answered as it came, redirects not followed. Address checks and caps as everywhere.
   */
  request(url: string | URL, init: RawRequest, options?: FetchOptions): Promise<FetchedBody>
  /** Streams into `filePath` through a temporary sibling renamed at the end: a failed download leaves no file. */
  fetchToFile(url: string | URL, filePath: string, options?: FetchOptions): Promise<FetchedStream>
  /** Streams into `destination`, which is ended on success and destroyed on failure. */
  fetchToStream(url: string | URL, destination: Writable, options?: FetchOptions): Promise<FetchedStream>
  close(): void
}

export interface RawRequest {
  method: string
  headers?: Readonly<Record<string, string>>
  body?: Buffer
}

export interface GuardedFetcherOptions {
  /** Host names fetched without the address check (SSRF_REQUEST_FILTER_WHITELIST). */
  allowHosts?: readonly string[]
  userAgent: string
  /** Overrides of defaultFetchLimits for buffered fetches. */
  defaults?: Partial<FetchLimits>
  /** Overrides of defaultDownloadLimits for fetchToFile / fetchToStream. */
  downloadDefaults?: Partial<FetchLimits>
  /** Name resolution; tests map names to loopback with it. The system resolver by default. */
  resolve?: Resolver
}

/** The one way the server fetches a URL a user gave it (DESIGN "Safe by default", SECURITY rule 3). */
export function createGuardedFetcher(options: GuardedFetcherOptions): GuardedFetcher {
  const allowlist = hostAllowlist(options.allowHosts ?? [])
  const lookup = guardedLookup(allowlist, options.resolve ?? systemResolver)
  // No keep-alive: a pooled socket would outlive the call that checked it.
  const transport: Transport = {
    allowlist,
    httpAgent: new http.Agent({ keepAlive: false, lookup }),
    httpsAgent: new https.Agent({ keepAlive: false, lookup }),
  }
  const bufferedLimits = { ...defaultFetchLimits, ...options.defaults }
  const downloadLimits = { ...defaultDownloadLimits, ...options.downloadDefaults }

  /** Opens the answer, checks its declared size and type, hands it to `read`, and always cleans up. */
  async function run<T>(
    input: string | URL,
    opts: FetchOptions,
    base: FetchLimits,
    acceptHeader: string,
    read: (response: IncomingMessage, head: FetchedHead, call: FetchCall) => Promise<T>,
    send: SendOptions = {},
  ): Promise<T> {
    const limits = limitsFor(base, opts)
    const call = new FetchCall(String(input).slice(0, 2000), limits, opts.signal)
    const headers: OutgoingHttpHeaders = {
      accept: acceptHeader,
      // Nothing here decompresses: ask for the bytes as they are, so the cap counts what callers get.
      'accept-encoding': 'identity',
      // A JSON POST's type, unless the caller names its own (a raw request's form body).
      ...(send.payload ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
      'user-agent': options.userAgent,
    }
    try {
      const { response, url } = await openResponse(call, input, headers, transport, send)
      const head: FetchedHead = {
        url: url.href,
        status: response.statusCode ?? 0,
        headers: response.headers,
        mediaType: mediaTypeOf(response.headers['content-type']),
      }
      const declared = Number(response.headers['content-length'])
      if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(call)
      if (opts.accept && !isAcceptedType(head.mediaType, opts.accept)) {
        throw new FetchFailedError(
          'content-type',
          `${head.mediaType ?? 'no content type'} is not accepted`,
          call.url,
        )
      }
      return await read(response, head, call)
    } catch (err) {
      throw call.explain(err)
    } finally {
      call.finish()
    }
  }

  const readBody = async (response: IncomingMessage, head: FetchedHead, call: FetchCall) =>
    withBody(head, await readCapped(response, call.limits.maxBytes, () => tooLarge(call)), call)
  const buffered = (url: string | URL, opts: FetchOptions, fallbackAccept: string) =>
    run(url, opts, bufferedLimits, acceptHeaderFor(opts.accept, fallbackAccept), readBody)
  const fetchBuffer = (url: string | URL, opts: FetchOptions = {}) => buffered(url, opts, '*/*')

  /** Streams into the destination `open` makes once the answer has passed every check (no file for a refused URL). */
  const download = (url: string | URL, open: () => Writable, opts: FetchOptions) =>
    run(url, opts, downloadLimits, acceptHeaderFor(opts.accept, '*/*'), async (response, head, call) => {
      const bytes = await pipeCapped(response, open(), call.limits.maxBytes, () => tooLarge(call))
      return { ...head, bytes }
    })

  return {
    fetchBuffer,
    async fetchText(url, opts = {}) {
      return (await fetchBuffer(url, opts)).text()
    },
    async fetchJson(url, opts = {}) {
      return (await buffered(url, opts, 'application/json')).json()
    },
    postJson(url, payload, opts = {}) {
      const body = Buffer.from(JSON.stringify(payload))
      return run(
        url,
        { ...opts, maxRedirects: 0 },
        bufferedLimits,
        acceptHeaderFor(opts.accept, 'application/json, */*'),
        readBody,
        { payload: body },
      )
    },
    request(url, init, opts = {}) {
      return run(
        url,
        { ...opts, headers: { ...init.headers, ...opts.headers }, maxRedirects: 0 },
        bufferedLimits,
        init.headers?.accept ?? '*/*',
        readBody,
        { payload: init.body, method: init.method, rawStatus: true },
      )
    },
    async fetchImage(url, opts = {}) {
      const accept = opts.accept ?? imageTypes
      const answer = await fetchBuffer(url, { ...opts, accept })
      const imageType = sniffImageType(answer.body)
      if (!imageType || !isAcceptedType(imageType, accept)) {
        throw new FetchFailedError('content-type', `body is not a ${accept.join(', ')} image`, answer.url)
      }
      return { ...answer, imageType }
    },
    async fetchToFile(url, filePath, opts = {}) {
      const temporary = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomUUID()}.part`)
      const opened: { file?: fs.WriteStream } = {}
      try {
        const answer = await download(
          url,
          () => (opened.file = fs.createWriteStream(temporary, { flags: 'wx' })),
          opts,
        )
        await fs.promises.rename(temporary, filePath)
        return answer
      } catch (err) {
        // A stream destroyed while still opening creates its file afterwards: wait for it before removing.
        const file = opened.file
        if (file && !file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()))
        await fs.promises.rm(temporary, { force: true })
        throw err
      }
    },
    async fetchToStream(url, destination, opts = {}) {
      try {
        return await download(url, () => destination, opts)
      } catch (err) {
        destination.destroy()
        throw err
      }
    },
    close() {
      transport.httpAgent.destroy()
      transport.httpsAgent.destroy()
    },
  }
}

function limitsFor(base: FetchLimits, opts: FetchOptions): FetchLimits {
  return {
    timeoutMs: opts.timeoutMs ?? base.timeoutMs,
    maxBytes: opts.maxBytes ?? base.maxBytes,
    stallTimeoutMs: opts.stallTimeoutMs ?? base.stallTimeoutMs,
    maxRedirects: opts.maxRedirects ?? base.maxRedirects,
  }
}

function acceptHeaderFor(accept: readonly string[] | undefined, fallback: string): string {
  return accept && accept.length > 0 ? accept.join(', ') : fallback
}

function tooLarge(call: FetchCall): FetchFailedError {
  return new FetchFailedError('too-large', `more than ${call.limits.maxBytes} bytes`, call.url)
}

function withBody(head: FetchedHead, body: Buffer, call: FetchCall): FetchedBody {
  const url = call.url
  return {
    ...head,
    body,
    text: () => decodeText(body, head.headers['content-type']),
    json: () => {
      try {
        return JSON.parse(decodeText(body, head.headers['content-type'])) as unknown
      } catch (cause) {
        throw new FetchFailedError('invalid-body', 'body is not JSON', url, { cause })
      }
    },
  }
}
