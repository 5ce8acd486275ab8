import { isIP } from 'node:net'
import { FetchBlockedError, FetchFailedError, urlForLogs } from './fetch-errors.ts'
import { isPublicAddress } from './ip-policy.ts'

const allowedProtocols = new Set(['http:', 'https:'])

/**
 * A host name in the one form both the allowlist and the URL parser agree on: lower case, no brackets around
 * IPv6, no trailing dot, and IPv4 in dotted decimal whatever notation it was written in ("127.1" -> "127.0.0.1").
 */
export function canonicalHost(host: string): string {
  let text = host.trim().toLowerCase()
  if (isIP(text) === 6) text = `[${text}]`
  try {
    text = new URL(`http://${text}/`).hostname
  } catch {
    // Not a valid host: keep the text; it will simply never match a URL's host.
  }
  return text.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')
}

/** The admin allowlist (SSRF_REQUEST_FILTER_WHITELIST): host names whose addresses are not checked. */
export interface HostAllowlist {
  has(host: string): boolean
}

export function hostAllowlist(hosts: readonly string[]): HostAllowlist {
  const set = new Set(hosts.map(canonicalHost).filter((h) => h !== ''))
  return { has: (host) => set.has(canonicalHost(host)) }
}

/** Parses a user-given URL; anything unparsable is a FetchFailedError, never a TypeError. */
export function parseFetchUrl(input: string | URL, base?: URL): URL {
  try {
    return new URL(input, base)
  } catch (cause) {
    throw new FetchFailedError('invalid-url', 'unparsable URL', String(input).slice(0, 200), { cause })
  }
}

/**
 * The checks made before connecting to `url` (every redirect hop included): http/https only, and a literal
 * IP in the URL must be public unless allowlisted — Node connects to literals without a DNS lookup, so the
 * connect-time lookup guard never sees them. Host names are checked at connect time by the guarded lookup.
 */
export function assertFetchable(url: URL, allowlist: HostAllowlist): void {
  if (!allowedProtocols.has(url.protocol)) {
    throw new FetchBlockedError('scheme', `scheme ${url.protocol} is not http or https`, urlForLogs(url))
  }
  const host = hostOf(url)
  if (host === '') throw new FetchFailedError('invalid-url', 'no host', urlForLogs(url))
  if (allowlist.has(host)) return
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new FetchBlockedError('address', `${host} is not a public address`, urlForLogs(url))
  }
}

/** The URL's host as Node's http client wants it: IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}
