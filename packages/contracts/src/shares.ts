import { z } from 'zod'
import { Chapter } from './entities/library-item.ts'
import { SlugField } from './rules/slug.ts'

export { SHARE_SLUG_SUGGESTION_LENGTH, shareUnitSeconds, type ShareUnit } from './shares-values.ts'

/**
 * Audiobookshelf's MediaItemShare as `toJSONForClient` answers it (`mediaItemShare` of include=share, the
 * create answer). Dates are ISO strings as JSON makes them of Audiobookshelf's Date columns; `expiresAt` null
 * means permanent.
 */
export const MediaItemShare = z.object({
  id: z.string(),
  mediaItemId: z.string(),
  mediaItemType: z.literal('book'),
  slug: z.string(),
  expiresAt: z.string().nullable(),
  isDownloadable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type MediaItemShare = z.infer<typeof MediaItemShare>

/** POST /api/share/mediaitem. `expiresAt` is epoch ms; 0 (or absent) means permanent (§3). */
export const CreateShareRequest = z.object({
  slug: SlugField,
  mediaItemType: z.literal('book', { message: 'Only books can be shared' }),
  mediaItemId: z.string().min(1).max(200),
  expiresAt: z.number().int().min(0).nullable().default(0),
  isDownloadable: z.boolean().default(false),
})
export type CreateShareRequest = z.input<typeof CreateShareRequest>

/**
 * A track of a public share: only what a player needs. The URL is under `/public/share/:slug/track/:index`
 * (1-based, as the item's tracks); no file name, path, metadata or token.
 */
export const PublicShareTrack = z.object({
  index: z.number().int(),
  startOffset: z.number(),
  duration: z.number(),
  /** The book's title, numbered "(2/3)" when it has several tracks. */
  title: z.string(),
  contentUrl: z.string(),
  mimeType: z.string(),
})
export type PublicShareTrack = z.infer<typeof PublicShareTrack>

/**
 * The server-side playback session of an anonymous visitor (kept per `share_session_id` cookie). Lean on
 * purpose, unlike PlaybackSession: no file metadata, user, device or session id (the cookie is the capability
 * and stays httpOnly). Times in seconds.
 */
export const PublicSharePlayback = z.object({
  displayTitle: z.string(),
  displayAuthor: z.string(),
  /** `/public/share/:slug/cover`, or null when the book has none. */
  coverUrl: z.string().nullable(),
  duration: z.number(),
  chapters: z.array(Chapter),
  audioTracks: z.array(PublicShareTrack),
  /** Where playback starts: `?t=` when given, else the share session's saved time. */
  startTime: z.number(),
  currentTime: z.number(),
})
export type PublicSharePlayback = z.infer<typeof PublicSharePlayback>

/** GET /public/share/:slug: Audiobookshelf's shape, the share with its `playbackSession`. */
export const PublicSharePage = MediaItemShare.extend({ playbackSession: PublicSharePlayback })
export type PublicSharePage = z.infer<typeof PublicSharePage>

/** GET /public/share/:slug query: `t` is a start time in seconds (clamped to the book's duration). */
export const PublicSharePageQuery = z.object({
  t: z.coerce.number().min(0).max(1e7).optional(),
})

/** PATCH /public/share/:slug/progress: the share session's position in seconds (clamped to the duration). */
export const ShareProgressRequest = z.object({
  currentTime: z.number().min(0).max(1e7),
})
export type ShareProgressRequest = z.infer<typeof ShareProgressRequest>
