/**
 * The service worker's one rule: may this request be answered from (and stored in) its cache?
 * Only two kinds ever are: the app shell (index.html, as the fallback of a navigation the network cannot
 * answer) and the fingerprinted build files under `assets/` (they never change). Everything else — API
 * answers, covers, audio, sockets, shares, feeds, anything with a token — goes to the network untouched:
 * an allowlist, so a new server route can never end up cached by accident.
 */

/** What the service worker does with a request. */
export type CachePolicy =
  /** A page load of a client route: network first, the cached shell when the network fails. */
  | 'app-shell'
  /** A fingerprinted build file: cache first, stored on first use. */
  | 'static-asset'
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'network-only'

/** The parts of a Request the rule reads (a real Request fits). */
export interface RequestFacts {
  method: string
  url: string
  mode: string
  headers: { has(name: string): boolean }
}

/** The parts of a Response the rule reads. */
export interface ResponseFacts {
  status: number
  type: string
  headers: { get(name: string): string | null }
}

/**
 * First path segments the server answers (relative to the base path). A page load of one of these is a
 * download, a share, a feed or a JSON answer, never the app: it gets no shell fallback.
 */
const serverSegments = new Set([
  'api',
  'auth',
  'public',
  'hls',
  'feed',
  'socket.io',
  'status',
  'ping',
  'healthcheck',
  'init',
  'logout',
])

/** Fingerprinted build output: the only files stored. */
const assetFolder = 'assets/'

/** A token, whatever its name's case or spelling (token, access_token, refreshToken ...) in query or hash. */
const mentionsToken = (url: URL) => /token/i.test(url.search) || /token/i.test(url.hash)

/** The path of `url` inside the worker's scope ('' is the scope itself), or null outside it. */
function pathInScope(url: URL, scope: URL): string | null {
  if (url.origin !== scope.origin) return null
  if (!url.pathname.startsWith(scope.pathname)) return null
  return url.pathname.slice(scope.pathname.length)
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return null
  }
}

/** Decides what the worker does with `request`; `scopeUrl` is its registration's scope (ends in `/`). */
export function cachePolicyOf(request: RequestFacts, scopeUrl: string): CachePolicy {
  if (request.method !== 'GET') return 'network-only'
  // Credentials or a part of a file: the answer belongs to one caller or one range.
  if (request.headers.has('authorization') || request.headers.has('range')) return 'network-only'
  const url = new URL(request.url)
  const inScope = pathInScope(url, new URL(scopeUrl))
  if (inScope === null || mentionsToken(url)) return 'network-only'

  if (request.mode === 'navigate') {
    const firstSegment = decodedSegment(inScope.split('/')[0] ?? '')
    return firstSegment === null || serverSegments.has(firstSegment) ? 'network-only' : 'app-shell'
  }
  // Build files are fetched by their fingerprinted name alone; a query string means something else.
  if (inScope.startsWith(assetFolder) && url.search === '' && !inScope.includes('..')) return 'static-asset'
  return 'network-only'
}

/** Whether an answer may be stored: a complete, same-origin 200 its server does not forbid storing. */
export function isStorableResponse(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false
  const cacheControl = response.headers.get('cache-control') ?? ''
  return !/\b(no-store|private)\b/i.test(cacheControl) && response.headers.get('vary') !== '*'
}
