import type { UserSummary } from './entities/user.ts'
import type { LibraryItem, PodcastEpisode } from './entities/library-item.ts'
import type { User } from './entities/user.ts'
import type { BatchQuickMatchComplete, CustomMetadataProvider } from './metadata-providers.ts'
import type { UserItemProgressUpdated } from './playback.ts'
import type { PlaybackSession } from './playback-sessions.ts'
import type { EpisodeDownloadEvents } from './podcasts.ts'

/** An online user as admins see it. */
export interface OnlineUser extends UserSummary {
  online: true
  /** The user's open playback session (the most recently synced), null when none. */
  session: PlaybackSession | null
  /** Sockets the user has open (in init's and /api/users/online's list). */
  connections?: number
}

/** An author as `author_added` / `authors_added` carry it (Audiobookshelf's author JSON). */
export interface AddedAuthor {
  id: string
  asin: string | null
  name: string
  description: string | null
  imagePath: string | null
  libraryId: string
  addedAt: number
  updatedAt: number
}

export interface InitPayload {
  userId: string
  username: string
  /** Sent to admins only. */
  usersOnline?: OnlineUser[]
}

/**
 * Server -> client events. Events of later capabilities are added here as they land;
 * the payloads of those not yet typed are `unknown` so the client can still subscribe.
 */
export interface ServerToClientEvents extends EpisodeDownloadEvents {
  init: (payload: InitPayload) => void
  auth_failed: (payload: { message: string }) => void
  user_online: (user: OnlineUser) => void
  user_offline: (user: OnlineUser) => void
  user_updated: (user: User) => void
  admin_message: (message: string) => void
  /** Progress of one of the user's items changed (a sync on any device, or a progress/batch update). */
  user_item_progress_updated: (payload: UserItemProgressUpdated) => void
  /** A transcode started for one of the user's sessions (Audiobookshelf's stream JSON with the expanded item). */
  stream_open: (stream: {
    id: string
    userId: string
    libraryItem: LibraryItem
    episode: PodcastEpisode | null
    libraryItemId: string
    episodeId: string | null
    clientPlaylistUri: string
    startTime: number
    segmentLength: number
    segmentStartNumber: number
    isTranscodeComplete: boolean
  }) => void
  /** What a transcode has made so far: every 2 s while ffmpeg runs (percent as text, chunks as runs of segments). */
  stream_progress: (payload: {
    stream: string
    percent: string
    chunks: (number | string)[]
    numSegments: number
  }) => void
  /** ffmpeg restarted at `startTime` (a far seek): reload the stream from there. */
  stream_reset: (payload: { startTime: number; streamId: string }) => void
  /** The transcode is complete (every segment made). */
  stream_ready: (payload: { id: string }) => void
  stream_closed: (streamId: string) => void
  /** The server closed one of the user's playback sessions (another play on that device, stale, item gone). */
  user_session_closed: (sessionId: string) => void
  /** Admins: a user's open session started (session) or ended (null). */
  user_stream_update: (payload: { id: string; username?: string; session: PlaybackSession | null }) => void
  /** To the admin who started a batch quick match, once it ends. */
  batch_quickmatch_complete: (payload: BatchQuickMatchComplete) => void
  /** A scan created an author (to users who may see its library). */
  author_added: (author: AddedAuthor) => void
  /** An item edit created these authors. */
  authors_added: (authors: AddedAuthor[]) => void
  /** An author was edited (name, ASIN, description, image; the survivor of a merge), with its book count. */
  author_updated: (author: AddedAuthor & { numBooks: number }) => void
  /** An author was deleted, or merged into another by a rename. */
  author_removed: (author: AddedAuthor) => void
  /** Authors that gained or lost books in a scan or an edit (those left with none are left out). */
  authors_num_books_updated: (payload: {
    libraryId: string
    authors: { id: string; numBooks: number }[]
  }) => void
  /** Admins: a custom metadata provider was added / removed (never with its authorization value). */
  custom_metadata_provider_added: (provider: CustomMetadataProvider) => void
  custom_metadata_provider_removed: (provider: CustomMetadataProvider) => void
  [event: string]: (...args: never[]) => void
}

export interface ClientToServerEvents {
  auth: (token: string) => void
  cancel_scan: (libraryId: string) => void
}
