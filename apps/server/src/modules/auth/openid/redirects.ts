/** Where a sign-in may return to: no open redirect through `callback` or `redirect_uri`. */

/**
 * The web flow's `callback`, as a path of this server (`/login`, `/audiobookshelf/login`), or null when it
 * points anywhere else: another origin, a scheme, `//host`, a backslash trick.
 */
export function ownCallbackPath(callback: string | undefined, ownOrigin: string): string | null {
  // Backslashes and whitespace or control characters: browsers read them in ways URL checks do not.
  if (!callback || [...callback].some((c) => c === '\\' || c.charCodeAt(0) <= 0x20)) return null
  const relative = callback.startsWith('/') && !callback.startsWith('//')
  if (!relative && !/^https?:\/\//i.test(callback)) return null
  let url: URL
  try {
    url = new URL(callback, ownOrigin)
  } catch {
    return null
  }
  if (url.origin !== ownOrigin) return null
  return url.pathname + url.search
}

const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:'])

/** Why a mobile redirect URI cannot be listed, or null (a URL with a scheme, or the lone `*`). */
export function mobileRedirectUriProblem(uri: string): string | null {
  if (uri === '*') return null
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return `Mobile redirect URI "${uri.slice(0, 100)}" is not a URL (like audiobookshelf://oauth)`
  }
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `Mobile redirect URI scheme ${url.protocol} is not allowed`
  return null
}

/** Whether the app's redirect URI is on the list (`*` alone allows any URL with an allowed scheme). */
export function mobileRedirectAllowed(uri: string, allowlist: readonly string[]): boolean {
  if (mobileRedirectUriProblem(uri) !== null || uri === '*') return false
  if (allowlist.length === 1 && allowlist[0] === '*') return true
  return allowlist.includes(uri)
}
