import { z } from 'zod'
import { MediaProgress } from './entities/user.ts'

import { SESSION_SORT_KEYS } from './playback-values.ts'
export {
  PlayMethod,
  FINISHED_REMAINING_SEC,
  HLS_SEGMENT_SEC,
  SESSION_SORT_KEYS,
  type SessionSortKey,
} from './playback-values.ts'

const shortText = (max: number) => z.string().trim().max(max)
/**
 * A device text field: bounded, control characters dropped (they never reach logs or ffmpeg), and tags and
 * angle brackets dropped like Audiobookshelf's stripAllTags (its web client draws device names as HTML).
 */
const deviceText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) =>
      s
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .replace(/<[^>]*>?/g, '')
        .replace(/[<>]/g, '')
        .trim(),
    )
    .optional()

export const DeviceInfoInput = z.object({
  deviceId: deviceText(128),
  clientName: deviceText(100),
  clientVersion: deviceText(50),
  manufacturer: deviceText(100),
  model: deviceText(100),
  /** Android apps send a number, others a string. */
  sdkVersion: z.union([z.number().int().min(0).max(10_000), deviceText(20)]).optional(),
})
export type DeviceInfoInput = z.infer<typeof DeviceInfoInput>

/** A MIME type a client says it can play; anything else in the list is ignored. */
const MIME = /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/i

export const PlayRequest = z.object({
  deviceInfo: DeviceInfoInput.optional(),
  supportedMimeTypes: z
    .array(z.unknown())
    .max(100)
    .optional()
    .transform((list) =>
      (list ?? [])
        .filter((m): m is string => typeof m === 'string' && MIME.test(m))
        .map((m) => m.toLowerCase()),
    ),
  mediaPlayer: shortText(50).optional(),
  forceDirectPlay: z.boolean().optional(),
  forceTranscode: z.boolean().optional(),
})
export type PlayRequest = z.infer<typeof PlayRequest>

const seconds = z.number().finite().min(0).max(1e7)

export const SyncRequest = z.object({
  currentTime: seconds,
  timeListened: seconds.optional().default(0),
  duration: seconds.optional(),
})
export type SyncRequest = z.infer<typeof SyncRequest>

/** Close may carry the last sync; an empty body just closes. */
export const CloseRequest = z
  .object({ currentTime: seconds.optional(), timeListened: seconds.optional(), duration: seconds.optional() })
  .optional()

export const ProgressUpdate = z.object({
  currentTime: seconds.optional(),
  duration: seconds.optional(),
  progress: z.number().finite().min(0).max(1).optional(),
  isFinished: z.boolean().optional(),
  hideFromContinueListening: z.boolean().optional(),
  ebookLocation: z.string().max(2000).nullable().optional(),
  ebookProgress: z.number().finite().min(0).max(1).nullable().optional(),
  finishedAt: z.number().int().min(0).nullable().optional(),
  startedAt: z.number().int().min(0).optional(),
})
export type ProgressUpdate = z.infer<typeof ProgressUpdate>

const id = z.string().min(1).max(200)

export const BatchProgressUpdate = z
  .array(ProgressUpdate.extend({ libraryItemId: id, episodeId: id.nullable().optional() }))
  // Audiobookshelf answers an empty batch 400 too.
  .min(1, 'Missing request payload')
  .max(1000)
export type BatchProgressUpdate = z.infer<typeof BatchProgressUpdate>

export const BookmarkRequest = z.object({
  time: seconds,
  title: z.string().max(1000).optional().default(''),
})
export type BookmarkRequest = z.infer<typeof BookmarkRequest>

export const PagedQuery = z.object({
  itemsPerPage: z.coerce.number().int().min(1).max(500).catch(10),
  page: z.coerce.number().int().min(0).max(1e6).catch(0),
})

/** GET /api/sessions (admins): a page of everyone's sessions, or of one user's. */
export const SessionsQuery = PagedQuery.extend({
  user: id.optional(),
  sort: z.enum(SESSION_SORT_KEYS).catch('updatedAt'),
  /** `1` descending, `0` ascending; without it the default sort is newest first, the others ascending. */
  desc: z.enum(['0', '1']).optional().catch(undefined),
})

/** POST /api/sessions/batch/delete (admins). */
export const SessionsBatchDeleteRequest = z.object({ sessions: z.array(id).max(1000) })
export type SessionsBatchDeleteRequest = z.infer<typeof SessionsBatchDeleteRequest>

/** `user_item_progress_updated` socket payload. */
export const UserItemProgressUpdated = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  deviceDescription: z.string().nullable(),
  data: MediaProgress,
})
export type UserItemProgressUpdated = z.infer<typeof UserItemProgressUpdated>

/**
 * A session a mobile app played offline (play method LOCAL), sent later: POST /api/session/local and
 * /api/session/local-all. Only what the server keeps is read; the rest of Audiobookshelf's session is ignored.
 */
export const LocalSessionInput = z.object({
  id: z.string().min(1).max(100),
  libraryItemId: z.string().min(1).max(100),
  episodeId: z.string().max(100).nullable().optional(),
  displayTitle: z.string().max(1000).nullable().optional(),
  displayAuthor: z.string().max(1000).nullable().optional(),
  duration: z.number().min(0).max(1e7).optional(),
  currentTime: z.number().min(0).max(1e7),
  startTime: z.number().min(0).max(1e7).optional(),
  timeListening: z.number().min(0).max(1e7).optional(),
  startedAt: z.number().int().min(0).optional(),
  updatedAt: z.number().int().min(0),
  deviceInfo: DeviceInfoInput.partial().optional(),
})
export type LocalSessionInput = z.infer<typeof LocalSessionInput>

export const LocalSessionsRequest = z.object({
  sessions: z.array(z.unknown()).max(1000),
  deviceInfo: DeviceInfoInput.partial().optional(),
})

export const LocalSessionResult = z.object({
  id: z.string(),
  success: z.boolean(),
  progressSynced: z.boolean(),
  error: z.string().optional(),
})
export type LocalSessionResult = z.infer<typeof LocalSessionResult>
