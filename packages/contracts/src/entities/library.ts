import { z } from 'zod'
import { cronMessages, cronProblem, normaliseCron } from '../rules/cron.ts'
import { messages } from '../rules/messages.ts'
import { libraryIcons, metadataSources } from './library-values.ts'

export { libraryIcons, metadataSources, defaultLibrarySettings, libraryFromJson } from './library-values.ts'

export const LibraryIcon = z.enum(libraryIcons)

export const MediaType = z.enum(['book', 'podcast'])
export type MediaType = z.infer<typeof MediaType>

export const LibrarySettings = z.object({
  /** 0 = standard 1.6:1, 1 = square (spec enumerations). */
  coverAspectRatio: z.union([z.literal(0), z.literal(1)]),
  disableWatcher: z.boolean(),
  skipMatchingMediaWithAsin: z.boolean(),
  skipMatchingMediaWithIsbn: z.boolean(),
  autoScanCronExpression: z.string().nullable(),
  audiobooksOnly: z.boolean(),
  epubsAllowScriptedContent: z.boolean(),
  hideSingleBookSeries: z.boolean(),
  onlyShowLaterBooksInContinueSeries: z.boolean(),
  metadataPrecedence: z.array(z.enum(metadataSources)),
  podcastSearchRegion: z.string(),
  /** An item counts as finished from this share of it listened (percent), or when null ... */
  markAsFinishedPercentComplete: z.number().min(0).max(100).nullable(),
  /** ... when fewer than this many seconds remain (Audiobookshelf's default 10). */
  markAsFinishedTimeRemaining: z.number().min(0).max(86_400),
})
export type LibrarySettings = z.infer<typeof LibrarySettings>

const commonSettingKeys = ['coverAspectRatio', 'disableWatcher', 'autoScanCronExpression'] as const
const finishSettingKeys = ['markAsFinishedPercentComplete', 'markAsFinishedTimeRemaining'] as const
/** The settings Audiobookshelf keeps (and answers) for each media type, in its order. */
export const librarySettingKeys = {
  book: [
    ...commonSettingKeys,
    'skipMatchingMediaWithAsin',
    'skipMatchingMediaWithIsbn',
    'audiobooksOnly',
    'epubsAllowScriptedContent',
    'hideSingleBookSeries',
    'onlyShowLaterBooksInContinueSeries',
    'metadataPrecedence',
    ...finishSettingKeys,
  ],
  podcast: [...commonSettingKeys, 'podcastSearchRegion', ...finishSettingKeys],
} as const satisfies Record<MediaType, readonly (keyof LibrarySettings)[]>

/**
 * A schedule as a standard 5-field cron expression (minute hour day-of-month month day-of-week), or
 * null for none (spec §5: cron expressions need 5 fields). Checked on every write by the one cron rule
 * (`rules/cron.ts`), so an expression the scheduler would refuse or never run can not be saved.
 */
export const CronExpression = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .transform((v) => (v === '' || v === null ? null : normaliseCron(v)))
  .superRefine((v, ctx) => {
    const problem = v === null ? null : cronProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: cronMessages[problem] })
  })

/** Library settings as a client may send them: every field optional, the schedule checked. */
export const LibrarySettingsInput = LibrarySettings.extend({
  autoScanCronExpression: CronExpression,
}).partial()

export const LibraryFolder = z.object({
  id: z.string(),
  fullPath: z.string(),
  libraryId: z.string(),
  addedAt: z.number(),
})
export type LibraryFolder = z.infer<typeof LibraryFolder>

export const Library = z.object({
  id: z.string(),
  name: z.string(),
  folders: z.array(LibraryFolder),
  displayOrder: z.number(),
  icon: z.string(),
  mediaType: MediaType,
  provider: z.string(),
  settings: LibrarySettings,
  lastScan: z.number().nullable(),
  /** The server version that made the last scan (null before the first). */
  lastScanVersion: z.string().nullable(),
  createdAt: z.number(),
  lastUpdate: z.number(),
})
export type Library = z.infer<typeof Library>

/**
 * A library as the API answers it (Audiobookshelf's shape): the settings of its media type only, and
 * `lastScanVersion` once a scan has set it. A client completes the settings with the type's defaults
 * (`libraryFromJson`).
 */
export const LibraryJson = Library.omit({ settings: true, lastScanVersion: true }).extend({
  settings: LibrarySettings.partial(),
  lastScanVersion: z.string().optional(),
})
export type LibraryJson = z.infer<typeof LibraryJson>

export const FilterData = z.object({
  authors: z.array(z.object({ id: z.string(), name: z.string() })),
  series: z.array(z.object({ id: z.string(), name: z.string() })),
  genres: z.array(z.string()),
  tags: z.array(z.string()),
  narrators: z.array(z.string()),
  publishers: z.array(z.string()),
  publishedDecades: z.array(z.string()),
  languages: z.array(z.string()),
  bookCount: z.number(),
  authorCount: z.number(),
  seriesCount: z.number(),
  podcastCount: z.number(),
  numIssues: z.number(),
  loadedAt: z.number(),
})
export type FilterData = z.infer<typeof FilterData>

/** GET /api/libraries/:id?include=filterdata: the library (in its answered shape) with its filter data. */
export const LibraryWithFilterData = z.object({
  library: LibraryJson,
  filterdata: FilterData,
  issues: z.number(),
  numUserPlaylists: z.number(),
})
export type LibraryWithFilterData = z.infer<typeof LibraryWithFilterData>

export const CreateLibraryRequest = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(200),
  folders: z
    .array(z.object({ fullPath: z.string().trim().min(1).max(4096) }), {
      error: messages.pathRequired,
    })
    .min(1, messages.pathRequired)
    .max(50),
  mediaType: MediaType.default('book'),
  icon: LibraryIcon.default('database'),
  provider: z.string().max(100).default('google'),
  settings: LibrarySettingsInput.optional(),
})
export type CreateLibraryRequest = z.infer<typeof CreateLibraryRequest>
