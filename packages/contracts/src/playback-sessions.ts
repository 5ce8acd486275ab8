import { z } from 'zod'
import {
  AudioTrack,
  Chapter,
  FileMetadata,
  FullBookMetadata,
  LibraryItem,
  PodcastMetadata,
} from './entities/library-item.ts'
import { PlayMethod } from './playback.ts'

/*
 * Playback sessions as the API answers them (play, open sessions, history, stats). Apart from playback.ts,
 * whose constants entities/library.ts reads: these schemas read the item entities, which read library.ts.
 */

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

/**
 * A session's mediaMetadata as Audiobookshelf keeps it: the book's metadata in its full form (lists of authors,
 * narrators and series) or the podcast's, each key only when the media had it.
 */
export const SessionMediaMetadata = z.union([
  FullBookMetadata.partial(),
  PodcastMetadata.omit({ titleIgnorePrefix: true }).partial(),
])
export type SessionMediaMetadata = z.infer<typeof SessionMediaMetadata>

export const PlaybackSession = z.object({
  id: z.string(),
  userId: z.string(),
  libraryId: z.string(),
  libraryItemId: z.string(),
  bookId: z.string().nullable(),
  episodeId: z.string().nullable(),
  mediaType: z.enum(['book', 'podcast']),
  mediaMetadata: SessionMediaMetadata,
  /** Only while the session is open (Audiobookshelf's history keeps none). */
  chapters: z.array(Chapter),
  displayTitle: z.string(),
  displayAuthor: z.string(),
  coverPath: z.string().nullable(),
  duration: z.number(),
  playMethod: z.union([
    z.literal(PlayMethod.DIRECTPLAY),
    z.literal(PlayMethod.DIRECTSTREAM),
    z.literal(PlayMethod.TRANSCODE),
    z.literal(PlayMethod.LOCAL),
  ]),
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

/** A track of a session: one of the item's, or the one HLS stream of a transcode (no codec, no file). */
export const SessionAudioTrack = AudioTrack.extend({ metadata: FileMetadata.nullable() })
export type SessionAudioTrack = z.infer<typeof SessionAudioTrack>

/** The answer of play and GET /api/session/:id: the session plus what the player needs. */
export const OpenPlaybackSession = PlaybackSession.extend({
  audioTracks: z.array(SessionAudioTrack),
  libraryItem: LibraryItem,
})
export type OpenPlaybackSession = z.infer<typeof OpenPlaybackSession>

/** A row of the admin's session lists (`/api/sessions`, `/api/sessions/open`): the session and whose it is. */
export const SessionWithUser = PlaybackSession.extend({
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
})
export type SessionWithUser = z.infer<typeof SessionWithUser>

const sessionsPaging = {
  total: z.number(),
  numPages: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
}

export const ListeningSessionsPage = z.object({ ...sessionsPaging, sessions: z.array(PlaybackSession) })
export type ListeningSessionsPage = z.infer<typeof ListeningSessionsPage>

/** GET /api/sessions (admins): a page of everyone's sessions (or one user's: `userFilter`), with their users. */
export const AllSessionsPage = z.object({
  ...sessionsPaging,
  sessions: z.array(SessionWithUser),
  userFilter: z.string().nullable(),
})
export type AllSessionsPage = z.infer<typeof AllSessionsPage>

export const ListeningStats = z.object({
  totalTime: z.number(),
  /** Per library item id (a podcast's episodes together): the latest session's media metadata. */
  items: z.record(
    z.string(),
    z.object({
      id: z.string(),
      timeListening: z.number(),
      mediaMetadata: SessionMediaMetadata,
      lastUpdate: z.number(),
    }),
  ),
  days: z.record(z.string(), z.number()),
  dayOfWeek: z.record(z.string(), z.number()),
  today: z.number(),
  recentSessions: z.array(PlaybackSession),
})
export type ListeningStats = z.infer<typeof ListeningStats>
