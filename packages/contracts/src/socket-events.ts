import type { Collection, Playlist } from './collections.ts'
import type { LibraryItem, PodcastEpisode } from './entities/library-item.ts'
import type { ServerSettings } from './entities/server-settings.ts'
import type { Task } from './entities/task.ts'
import type { User, UserSummary } from './entities/user.ts'
import type { ItemRemovedPayload, LibraryChangedPayload } from './library-events.ts'
import type { BatchQuickMatchComplete, CustomMetadataProvider } from './metadata-providers.ts'
import type { UserItemProgressUpdated } from './playback.ts'
import type { PlaybackSession } from './playback-sessions.ts'
import type { EpisodeDownloadEvents } from './podcasts.ts'
import type { OnlineUser } from './users.ts'

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
 * Server -> client events: the only events the server can send (its emit functions are typed by this map) and
 * the only ones the client can subscribe to, with their payloads.
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
  /** Audiobookshelf's servers send it when a transcode fails (ours reports through the session's HLS answers). */
  stream_error: (payload: { id?: string; error?: string; message?: string }) => void
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
  /** Admins: an account was created (its JSON) / deleted (its summary). */
  user_added: (user: User) => void
  user_removed: (user: UserSummary) => void
  /** Everyone: the server settings changed. */
  server_settings_updated: (settings: ServerSettings) => void
  /** Users with access to the library. */
  library_added: (library: LibraryChangedPayload) => void
  library_updated: (library: LibraryChangedPayload) => void
  library_removed: (library: LibraryChangedPayload) => void
  /** Users who may see the item (expanded JSON); the scanner sends chunks of items. */
  item_added: (item: LibraryItem) => void
  item_updated: (item: LibraryItem) => void
  item_removed: (item: ItemRemovedPayload) => void
  items_added: (items: LibraryItem[]) => void
  items_updated: (items: LibraryItem[]) => void
  /** A series no item uses any more. */
  series_removed: (series: { id: string; libraryId: string }) => void
  /** Users who may see the collection (each with the books they may see). */
  collection_added: (collection: Collection) => void
  collection_updated: (collection: Collection) => void
  collection_removed: (collection: Collection) => void
  /** The playlist's owner. */
  playlist_added: (playlist: Playlist) => void
  playlist_updated: (playlist: Playlist) => void
  playlist_removed: (playlist: Playlist) => void
  /** Admins: a task (scan, match, download...) started, moved on, or ended. */
  task_started: (task: Task) => void
  task_progress: (task: Task) => void
  task_finished: (task: Task) => void
}

export interface ClientToServerEvents {
  auth: (token: string) => void
  cancel_scan: (libraryId: string) => void
}
