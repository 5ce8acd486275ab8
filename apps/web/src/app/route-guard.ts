/** Routes that send a signed-out visitor to plain /login, without a way back (spec §2). */
const routesWithoutRedirect = new Set(['index', 'batch'])

/**
 * Where the guard sends a visitor who is not signed in: /login, with `redirect` holding the full path
 * (query and hash included) so they come back after signing in.
 */
export function loginRedirectFor(routeName: string | undefined, fullPath: string): string {
  if (!routeName || routesWithoutRedirect.has(routeName)) return '/login'
  return `/login?redirect=${encodeURIComponent(fullPath)}`
}
