import type { StatusResponse } from '@shelfcast/contracts'

/**
 * Whether the login page should send the browser straight to the OpenID provider (ABS behaviour):
 * only when the server offers OpenID with auto-launch on, and never with `?autoLaunch=0`, which is the
 * way back to the password form. Shelfcast has no OpenID sign-in yet, so the server never offers it and
 * this stays false; the check lives here so the query is honoured from day one.
 */
export function shouldAutoLaunchOpenId(status: StatusResponse, search: URLSearchParams): boolean {
  if (search.get('autoLaunch') === '0') return false
  return status.authMethods.includes('openid') && status.authFormData.authOpenIDAutoLaunch === true
}
