import { z } from 'zod'
import { ChangePasswordRequest, LoginSessionsPage } from '../auth.ts'
import { ItemsInProgressQuery, ItemsInProgressResponse } from '../browse.ts'
import { User } from '../entities/user.ts'
import { PagedQuery } from '../playback.ts'
import { defineRoute } from './route.ts'

const tag = 'Me'

const SeriesParams = z.object({ id: z.string().min(1).max(100) })

/** The caller's own account (modules/me). */
export const meRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/me',
    tag,
    summary: 'The caller, with every progress and bookmark (`token` is the bearer token sent)',
    answer: User,
  }),
  itemsInProgress: defineRoute({
    method: 'GET',
    path: '/api/me/items-in-progress',
    tag,
    summary:
      "The caller's unfinished books and episodes in every library, last listened first (limit 0 = 25)",
    query: ItemsInProgressQuery,
    answer: ItemsInProgressResponse,
  }),
  // Audiobookshelf's apps change these with GET; the answer is the updated user.
  hideSeries: defineRoute({
    method: 'GET',
    path: '/api/me/series/:id/remove-from-continue-listening',
    tag,
    summary: 'Hides a series from the Continue Series shelf',
    params: SeriesParams,
    answer: User,
    errors: { 404: 'No such series, or not accessible' },
  }),
  showSeries: defineRoute({
    method: 'GET',
    path: '/api/me/series/:id/readd-to-continue-listening',
    tag,
    summary: 'Shows a hidden series on the Continue Series shelf again',
    params: SeriesParams,
    answer: User,
    errors: { 404: 'No such series, or not accessible' },
  }),
  changePassword: defineRoute({
    method: 'PATCH',
    path: '/api/me/password',
    tag,
    summary: "Changes the caller's password (counts toward the sign-in rate limit; ends the other sessions)",
    body: ChangePasswordRequest,
    // Audiobookshelf answers some refusals `{success: false, error}` with a 200; Shelfcast answers them 400.
    answer: z.object({ success: z.boolean(), error: z.string().optional() }),
    errors: {
      400: 'Wrong current password, or the new one is the same',
      403: 'Guests cannot change their password',
      429: 'Too many failed attempts from this address',
    },
  }),
  loginSessions: defineRoute({
    method: 'GET',
    path: '/api/me/sessions',
    tag,
    summary: "The caller's login sessions (devices signed in), last used first, a page at a time",
    query: PagedQuery,
    answer: LoginSessionsPage,
    errors: { 403: 'Guests share one account: they see no devices' },
  }),
  revokeLoginSession: defineRoute({
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    tag,
    summary:
      "Signs one of the caller's devices out: its refresh token ends and its access tokens stop working",
    params: z.object({ id: z.string().min(1).max(100) }),
    answer: z.object({ success: z.boolean() }),
    errors: {
      403: 'Guests share one account: they sign out no devices',
      404: "No such login session of the caller's",
    },
  }),
} as const
