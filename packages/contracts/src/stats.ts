import { z } from 'zod'

/**
 * Year in review and server totals (modules/stats). Times are seconds of listening (`time`, `*Time`), sizes are
 * bytes, durations are seconds. Field names follow Audiobookshelf's answers where it has them; the rest (months,
 * top narrators, longest session, years with data) are Shelfcast's additions, which apps ignore.
 */

/** A name (author, narrator) and the seconds listened to it. */
export const NameWithTime = z.object({ name: z.string(), time: z.number() })
export type NameWithTime = z.infer<typeof NameWithTime>

/** A genre and the seconds listened to it. */
export const GenreWithTime = z.object({ genre: z.string(), time: z.number() })
export type GenreWithTime = z.infer<typeof GenreWithTime>

/** The longest single listening session of the year. */
export const LongestSession = z.object({
  /** null when the item no longer exists or is in a library the caller may not open (the title is kept). */
  libraryItemId: z.string().nullable(),
  episodeId: z.string().nullable(),
  displayTitle: z.string(),
  displayAuthor: z.string(),
  /** Seconds listened in that session. */
  timeListening: z.number(),
  /** YYYY-MM-DD the session started (server's local day). */
  date: z.string(),
})
export type LongestSession = z.infer<typeof LongestSession>

/** A book finished during the year (its progress's finishedAt falls in it). */
export const FinishedBook = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** Epoch milliseconds. */
  finishedAt: z.number(),
})
export type FinishedBook = z.infer<typeof FinishedBook>

/** Parts shared by the user's and the server's year. */
const yearCommon = {
  year: z.number().int(),
  /** Seconds listened in each month, January first (always 12 entries). */
  monthlyListeningTime: z.array(z.number()).length(12),
  topAuthors: z.array(NameWithTime).describe('At most 5, most listened first'),
  topGenres: z.array(GenreWithTime).describe('At most 5, most listened first'),
  topNarrators: z.array(NameWithTime).describe('At most 5, most listened first'),
  longestSession: LongestSession.nullable(),
  /** Years (descending) in which there is any listening, for the year picker. */
  yearsWithData: z.array(z.number().int()),
}

/** GET /api/me/stats/year/:year: the caller's year in review. */
export const UserYearStats = z.object({
  ...yearCommon,
  totalListeningSessions: z.number().int(),
  totalListeningTime: z.number(),
  totalBookListeningTime: z.number(),
  totalPodcastListeningTime: z.number(),
  mostListenedNarrator: NameWithTime.nullable(),
  mostListenedMonth: z.object({ month: z.number().int().min(0).max(11), time: z.number() }).nullable(),
  numBooksFinished: z.number().int(),
  /** Distinct books with listening in the year. */
  numBooksListened: z.number().int(),
  longestAudiobookFinished: z
    .object({ id: z.string(), title: z.string(), duration: z.number(), finishedAt: z.number() })
    .nullable(),
  /** Ids of books listened to in the year that have a cover (at most 10). */
  booksWithCovers: z.array(z.string()),
  /** Ids of books finished in the year that have a cover (at most 10). */
  finishedBooksWithCovers: z.array(z.string()),
  /** Books finished in the year, latest first (at most 50). */
  finishedBooks: z.array(FinishedBook),
})
export type UserYearStats = z.infer<typeof UserYearStats>

/** GET /api/stats/year/:year (admin): the whole server's year. */
export const ServerYearStats = z.object({
  ...yearCommon,
  numListeningSessions: z.number().int(),
  totalListeningTime: z.number(),
  /** Distinct users with listening in the year. */
  numListeners: z.number().int(),
  numBooksFinished: z.number().int(),
  numBooksAdded: z.number().int(),
  numAuthorsAdded: z.number().int(),
  totalBooksAddedSize: z.number(),
  totalBooksAddedDuration: z.number(),
  /** Ids of books added in the year that have a cover (at most 10). */
  booksAddedWithCovers: z.array(z.string()),
  /** Today's totals of every book library. */
  totalBooksSize: z.number(),
  totalBooksDuration: z.number(),
  numBooks: z.number().int(),
  numAudioFiles: z.number().int(),
})
export type ServerYearStats = z.infer<typeof ServerYearStats>

/** Totals of one media kind (or of all). */
export const ServerStatsGroup = z.object({
  numItems: z.number().int(),
  numAudioFiles: z.number().int(),
  totalDuration: z.number(),
  totalSize: z.number(),
})
export type ServerStatsGroup = z.infer<typeof ServerStatsGroup>

/** GET /api/stats/server (admin): items, files, duration and size of book and podcast libraries, and listening. */
export const ServerStats = z.object({
  books: ServerStatsGroup,
  podcasts: ServerStatsGroup,
  total: ServerStatsGroup.extend({
    numUsers: z.number().int(),
    numListeningSessions: z.number().int(),
    totalListeningTime: z.number(),
  }),
})
export type ServerStats = z.infer<typeof ServerStats>

/** `:year` in a stats path: 1970–9999 (a year outside answers 400). */
export const YearParams = z.object({ year: z.coerce.number().int().min(1970).max(9999) })
