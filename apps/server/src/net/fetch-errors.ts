/**
 * Errors of the guarded fetcher. `message` is for logs; `userMessage` is safe to show a user (no addresses,
 * no statuses of internal hosts, no stack) and is what callers put in their 4xx answers.
 */
export class FetchError extends Error {
  /** The URL that failed, without user:password (may be a redirect target rather than the URL asked for). */
  readonly url: string
  readonly userMessage: string

  constructor(message: string, userMessage: string, url: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.url = url
    this.userMessage = userMessage
  }
}

export type FetchBlockedReason = 'scheme' | 'address'

const blockedUserMessages: Record<FetchBlockedReason, string> = {
  scheme: 'Only http and https URLs can be fetched',
  // One message for every address reason: a user learns nothing about what lives on the server's network.
  address: 'This URL points to an address the server is not allowed to fetch from',
}

/** The URL was refused by policy: a scheme other than http/https, or an address that is not public. */
export class FetchBlockedError extends FetchError {
  readonly reason: FetchBlockedReason

  constructor(reason: FetchBlockedReason, detail: string, url: string) {
    super(`fetch blocked (${reason}): ${detail}`, blockedUserMessages[reason], url)
    this.reason = reason
  }
}

export type FetchFailedReason =
  | 'invalid-url'
  | 'network'
  | 'timeout'
  | 'stalled'
  | 'too-large'
  | 'too-many-redirects'
  | 'status'
  | 'content-type'
  | 'invalid-body'
  | 'aborted'

const failedUserMessages: Record<FetchFailedReason, string> = {
  'invalid-url': 'The URL is not valid',
  network: 'The remote server could not be reached',
  timeout: 'The remote server took too long to answer',
  stalled: 'The remote server stopped sending data',
  'too-large': 'The remote file is too large',
  'too-many-redirects': 'The URL redirects too many times',
  status: 'The remote server refused the request',
  'content-type': 'The remote file is not of an accepted type',
  'invalid-body': 'The remote server sent an unreadable answer',
  aborted: 'The download was cancelled',
}

/** The fetch was allowed but did not produce an acceptable answer. */
export class FetchFailedError extends FetchError {
  readonly reason: FetchFailedReason

  constructor(
    reason: FetchFailedReason,
    detail: string,
    url: string,
    options?: ErrorOptions & { userMessage?: string },
  ) {
    super(
      `fetch failed (${reason}): ${detail}`,
      options?.userMessage ?? failedUserMessages[reason],
      url,
      options,
    )
    this.reason = reason
  }
}

/** The remote server answered with a status outside 2xx (redirects are followed before this). */
export class FetchStatusError extends FetchFailedError {
  readonly status: number

  constructor(status: number, url: string) {
    super('status', `HTTP ${status}`, url, {
      userMessage: `The remote server answered with status ${status}`,
    })
    this.status = status
  }
}

/** A URL as it may appear in errors and logs: user:password removed. */
export function urlForLogs(url: URL | string): string {
  if (typeof url === 'string') return url
  if (!url.username && !url.password) return url.href
  const copy = new URL(url.href)
  copy.username = ''
  copy.password = ''
  return copy.href
}
