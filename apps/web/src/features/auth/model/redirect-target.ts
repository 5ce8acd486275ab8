/**
 * The `redirect` query of /login, accepted only as a path inside this app: it must start with a single
 * '/', and resolve to the same origin. Absolute URLs, protocol-relative '//host' and '/\host' tricks,
 * and the login page itself are refused (null).
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null
  // Browsers ignore tabs and newlines in URLs, which could turn '/\n/evil.com' into '//evil.com'.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  const probe = 'http://app.invalid'
  let url: URL
  try {
    url = new URL(raw, probe)
  } catch {
    return null
  }
  if (url.origin !== probe) return null
  if (url.pathname === '/login') return null
  return raw
}
