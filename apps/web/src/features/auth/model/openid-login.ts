import type { StatusResponse } from '@shelfcast/contracts'

/** What the login page offers, read from GET /status (ABS: authMethods + authFormData). */
export interface LoginOptions {
  password: boolean
  openId: boolean
  /** The admin's button text; null when unset (the page then uses its own). */
  openIdButtonText: string | null
}

export function loginOptions(status: StatusResponse): LoginOptions {
  const openId = status.authMethods.includes('openid')
  const text = status.authFormData.authOpenIDButtonText
  return {
    // A server that names no method still has password sign-in (older answers, first run).
    password: status.authMethods.includes('local') || !openId,
    openId,
    openIdButtonText: typeof text === 'string' && text.trim() ? text.trim() : null,
  }
}

/**
 * The callback GET /auth/openid sends the browser back to: this app's /login on this origin (the server checks
 * it against its own origin, so it is never an open redirect).
 */
export function openIdCallbackUrl(origin: string, loginPath: string): string {
  return `${origin}${loginPath}`
}
