import { z } from 'zod'
import { Chapter } from './entities/library-item.ts'
import { PlayMethod } from './playback.ts'

// Apart from playback.ts, which entities/library.ts imports: these need the entities' schemas at load time.

/** Audiobookshelf's deviceInfo of a session: what the client sent, "" where it sent nothing. */
export const DeviceInfo = z.object({
  id: z.string(),
  userId: z.string(),
  deviceId: z.string(),
  ipAddress: z.string().nullable(),
  /** Read from the User-Agent header; absent when it names none. */
  browserName: z.string().optional(),
  browserVersion: z.string().optional(),
  osName: z.string().optional(),
  osVersion: z.string().optional(),
  clientVersion: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  sdkVersion: z.string(),
  clientName: z.string(),
  /** Manufacturer and model of a phone, else OS and browser; "" when neither is known. */
  deviceName: z.string(),
})
export type DeviceInfo = z.infer<typeof DeviceInfo>

export const PlaybackSession = z.object({
  id: z.string(),
  userId: z.string(),
  libraryId: z.string(),
  libraryItemId: z.string(),
  bookId: z.string().nullable(),
  episodeId: z.string().nullable(),
  mediaType: z.enum(['book', 'podcast']),
  /** The book's or podcast's metadata fields when the session started (Audiobookshelf's snapshot). */
  mediaMetadata: z.record(z.string(), z.unknown()),
  chapters: z.array(Chapter),
  displayTitle: z.string(),
  displayAuthor: z.string(),
  coverPath: z.string().nullable(),
  duration: z.number(),
  playMethod: z.literal(Object.values(PlayMethod)),
  mediaPlayer: z.string(),
  deviceInfo: DeviceInfo,
  serverVersion: z.string(),
  date: z.string(),
  dayOfWeek: z.string(),
  timeListening: z.number(),
  startTime: z.number(),
  currentTime: z.number(),
  startedAt: z.number(),
  updatedAt: z.number(),
})
export type PlaybackSession = z.infer<typeof PlaybackSession>

/** A row of the admin's session lists (`/api/sessions`, `/api/sessions/open`): the session and whose it is. */
export const SessionWithUser = PlaybackSession.extend({
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
})
export type SessionWithUser = z.infer<typeof SessionWithUser>
