import { ServerStats, ServerYearStats, UserYearStats, YearParams } from '../stats.ts'
import { defineRoute } from './route.ts'

const tag = 'Stats'

/**
 * Year in review and server totals (modules/stats): computed from the listening sessions through indexes and a
 * per-day rollup, never a scan of every session per request.
 */
export const statsRoutes = {
  myYear: defineRoute({
    method: 'GET',
    path: '/api/me/stats/year/:year',
    tag,
    summary: "The caller's year in review: listening time, books finished, top authors, genres and narrators",
    params: YearParams,
    answer: UserYearStats,
    errors: { 400: 'Not a year' },
  }),
  serverYear: defineRoute({
    method: 'GET',
    path: '/api/stats/year/:year',
    tag,
    summary: "The server's year in review (every user's listening, books added)",
    access: 'admin',
    params: YearParams,
    answer: ServerYearStats,
    errors: { 400: 'Not a year' },
  }),
  server: defineRoute({
    method: 'GET',
    path: '/api/stats/server',
    tag,
    summary: 'Items, audio files, duration and size of book and podcast libraries, users and listening',
    access: 'admin',
    answer: ServerStats,
  }),
}
