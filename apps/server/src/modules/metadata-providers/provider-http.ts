import type { z } from 'zod'
import { HttpError } from '../../http/errors.ts'
import { FetchError, type GuardedFetcher } from '../../net/index.ts'

/** How long one provider request may take. Audiobookshelf waits 10 s; a stuck provider must not hold a match longer. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000
/** Provider answers are JSON of a few hundred kB at most; anything far bigger is not what we asked for. */
const MAX_PROVIDER_ANSWER_BYTES = 5 * 1024 * 1024

/**
 * A provider that failed: unreachable, slow, refused, or an answer of the wrong shape. A 4xx with a message
 * the client shows as is ("Error fetching metadata: ..."): the request was fine, the provider was not,
 * and no provider trouble may turn into a 5xx.
 */
export class MetadataFetchError extends HttpError {
  constructor(detail: string, options?: ErrorOptions) {
    super(400, `Error fetching metadata: ${detail}`)
    if (options?.cause) this.cause = options.cause
  }
}

const UNEXPECTED_SHAPE = 'The metadata provider sent an answer in an unexpected shape'

/** JSON from providers through the guarded fetcher, time-capped and checked against a zod schema. */
export class ProviderHttp {
  private readonly fetcher: GuardedFetcher
  private readonly timeoutMs: number
  constructor(fetcher: GuardedFetcher, timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS) {
    this.fetcher = fetcher
    this.timeoutMs = timeoutMs
  }

  async json<S extends z.ZodType>(
    url: URL | string,
    schema: S,
    headers?: Readonly<Record<string, string>>,
  ): Promise<z.infer<S>> {
    let body: unknown
    try {
      body = await this.fetcher.fetchJson(url, {
        timeoutMs: this.timeoutMs,
        stallTimeoutMs: this.timeoutMs,
        maxBytes: MAX_PROVIDER_ANSWER_BYTES,
        ...(headers && { headers }),
      })
    } catch (err) {
      if (err instanceof FetchError) throw new MetadataFetchError(err.userMessage, { cause: err })
      throw err
    }
    let parsed: ReturnType<S['safeParse']>
    try {
      parsed = schema.safeParse(body) as ReturnType<S['safeParse']>
    } catch (cause) {
      // A pathologically nested answer can exhaust the stack of a recursive schema: still the provider's fault.
      throw new MetadataFetchError(UNEXPECTED_SHAPE, { cause })
    }
    if (!parsed.success) throw new MetadataFetchError(UNEXPECTED_SHAPE, { cause: parsed.error })
    return parsed.data as z.infer<S>
  }
}

/**
 * Detail requests made per search hit (Open Library works, FantLab works): one bad hit must not sink the
 * others, but when every one failed the search failed, and says why.
 */
export async function settledOrThrow<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(tasks)
  const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (ok.length === 0 && failed) throw failed.reason
  return ok
}

/**
 * A provider URL: the base (which may carry a path, as custom providers' ".../provider/goodreads" and test
 * servers' "/google" do) joined with the endpoint's path, plus the query.
 */
export function endpoint(
  base: string,
  pathname: string,
  params?: Readonly<Record<string, string>> | URLSearchParams,
): URL {
  let url: URL
  try {
    url = new URL(base)
  } catch (cause) {
    throw new MetadataFetchError('The provider URL is not valid', { cause })
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${pathname.replace(/^\/+/, '')}`
  url.search = params ? new URLSearchParams(params).toString() : ''
  return url
}
