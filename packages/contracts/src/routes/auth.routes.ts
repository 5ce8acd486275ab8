import { z } from 'zod'
import { LoginRequest, LoginResponse, LogoutResponse } from '../auth.ts'
import { defineRoute } from './route.ts'

const tag = 'Auth'

/** Sign in, refresh, sign out, authorize (modules/auth), with Audiobookshelf's cookies and headers. */
export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/login',
    tag,
    summary:
      'Signs in (JSON or form-encoded); the refresh token is set as a cookie, or in the body with `x-return-tokens: true`',
    access: 'public',
    body: LoginRequest,
    answer: LoginResponse,
    errors: { 401: 'Wrong username or password', 429: 'Too many failed sign-ins from this address' },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    tag,
    summary:
      'Rotates the refresh token (the cookie, or the `x-refresh-token` header, which also returns the new one in the body)',
    access: 'public',
    answer: LoginResponse,
    errors: {
      401: 'No, an unknown, an expired or a reused refresh token (answered as `{error}` JSON)',
      403: 'The cookie was sent from a page of another site',
      429: 'Too many refreshes from this address',
    },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/logout',
    tag,
    summary: 'Ends the session (every session of the user with `allDevices=1`) and clears the cookie',
    access: 'public',
    // Only `1` signs out everywhere; any other value, as in Audiobookshelf, is one device.
    query: z.object({ allDevices: z.literal('1').optional().catch(undefined) }),
    answer: LogoutResponse,
    errors: { 403: 'The cookie was sent from a page of another site' },
  }),
  authorize: defineRoute({
    method: 'POST',
    path: '/api/authorize',
    tag,
    summary: "Checks the bearer token; answers the sign-in payload (the user's `token` is the one sent)",
    answer: LoginResponse,
  }),
} as const
