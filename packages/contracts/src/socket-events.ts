import { z } from 'zod'
import { Collection, Playlist } from './collections.ts'
import { EreaderDevicesResponse } from './email.ts'
import { FeedMinified } from './feeds.ts'
import { LogEntry } from './logs.ts'
import { Author, LibraryItem, PodcastEpisode, Series } from './entities/library-item.ts'
import { LibraryJson } from './entities/library.ts'
import { ServerSettings } from './entities/server-settings.ts'
import { Task } from './entities/task.ts'
import { User, UserSummary } from './entities/user.ts'
import { ItemRemovedPayload } from './library-events.ts'
import { BatchQuickMatchComplete, CustomMetadataProvider } from './metadata-providers.ts'
import { UserItemProgressUpdated } from './playback.ts'
import { PlaybackSession } from './playback-sessions.ts'
import { EpisodeDownload, EpisodeDownloadQueue } from './podcasts.ts'
import { MetadataEmbedQueueUpdate, TrackFinished, TrackProgress, TrackStarted } from './tools.ts'
import { OnlineUser } from './users.ts'

/** An author as `author_added` / `authors_added` carry it (Audiobookshelf's author JSON). */
export const AddedAuthor = Author.omit({ numBooks: true })
export type AddedAuthor = z.infer<typeof AddedAuthor>

export const InitPayload = z.object({
  userId: z.string(),
  username: z.string(),
  /** Sent to admins only. */
  usersOnline: z.array(OnlineUser).optional(),
})
export type InitPayload = z.infer<typeof InitPayload>

/** Audiobookshelf's stream JSON with the expanded item, when a transcode starts for one of the user's sessions. */
export const StreamOpenPayload = z.object({
  id: z.string(),
  userId: z.string(),
  libraryItem: LibraryItem,
  episode: PodcastEpisode.nullable(),
  libraryItemId: z.string(),
  episodeId: z.string().nullable(),
  clientPlaylistUri: z.string(),
  startTime: z.number(),
  segmentLength: z.number(),
  segmentStartNumber: z.number(),
  isTranscodeComplete: z.boolean(),
})
export type StreamOpenPayload = z.infer<typeof StreamOpenPayload>

/**
 * Server -> client events and their payloads, as data: the only events the server can send (its emit functions
 * are typed by this map, and in tests every payload is checked against its schema) and the only ones the client
 * can subscribe to. The OpenAPI document lists them under `x-socket-events`.
 */
export const serverEvents = {
  init: InitPayload,
  auth_failed: z.object({ message: z.string() }),
  user_online: OnlineUser,
  user_offline: OnlineUser,
  user_updated: User,
  admin_message: z.string(),
  /** Admins: a new line of the server log (secrets redacted). */
  log: LogEntry,
  /** Everyone: a backup was restored and the server restarts onto it; clients reload. */
  backup_applied: z.null(),
  /** Admins: a feed was opened / closed (also when its entity is deleted). */
  rss_feed_open: FeedMinified,
  rss_feed_closed: FeedMinified,
  /** Progress of one of the user's items changed (a sync on any device, or a progress/batch update). */
  user_item_progress_updated: UserItemProgressUpdated,
  /** A transcode started for one of the user's sessions. */
  stream_open: StreamOpenPayload,
  /** What a transcode has made so far: every 2 s while ffmpeg runs (percent as text, chunks as runs of segments). */
  stream_progress: z.object({
    stream: z.string(),
    percent: z.string(),
    chunks: z.array(z.union([z.number(), z.string()])),
    numSegments: z.number(),
  }),
  /** ffmpeg restarted at `startTime` (a far seek): reload the stream from there. */
  stream_reset: z.object({ startTime: z.number(), streamId: z.string() }),
  /** The transcode is complete (every segment made). */
  stream_ready: z.object({ id: z.string() }),
  stream_closed: z.string(),
  /** Audiobookshelf's servers send it when a transcode fails (ours reports through the session's HLS answers). */
  stream_error: z.object({
    id: z.string().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
  }),
  /** The server closed one of the user's playback sessions (another play on that device, stale, item gone). */
  user_session_closed: z.string(),
  /** Admins: a user's open session started (session) or ended (null). */
  user_stream_update: z.object({
    id: z.string(),
    username: z.string().optional(),
    session: PlaybackSession.nullable(),
  }),
  /** To the admin who started a batch quick match, once it ends. */
  batch_quickmatch_complete: BatchQuickMatchComplete,
  /** A scan created an author (to users who may see its library). */
  author_added: AddedAuthor,
  /** An item edit created these authors. */
  authors_added: z.array(AddedAuthor),
  /** An author was edited (name, ASIN, description, image; the survivor of a merge), with its book count. */
  author_updated: AddedAuthor.extend({ numBooks: z.number() }),
  /** An author was deleted, or merged into another by a rename. */
  author_removed: AddedAuthor,
  /** Authors that gained or lost books in a scan or an edit (those left with none are left out). */
  authors_num_books_updated: z.object({
    libraryId: z.string(),
    authors: z.array(z.object({ id: z.string(), numBooks: z.number() })),
  }),
  /** Admins: a custom metadata provider was added / removed (never with its authorization value). */
  custom_metadata_provider_added: CustomMetadataProvider,
  custom_metadata_provider_removed: CustomMetadataProvider,
  /** Admins: an account was created (its JSON) / deleted (its summary). */
  user_added: User,
  user_removed: UserSummary,
  /** Everyone: the server settings changed. */
  server_settings_updated: ServerSettings,
  /** Users with access to the library. */
  library_added: LibraryJson,
  library_updated: LibraryJson,
  library_removed: LibraryJson,
  /** Users who may see the item (expanded JSON); the scanner sends chunks of items. */
  item_added: LibraryItem,
  item_updated: LibraryItem,
  item_removed: ItemRemovedPayload,
  items_added: z.array(LibraryItem),
  items_updated: z.array(LibraryItem),
  /** A series no item uses any more. */
  series_removed: z.object({ id: z.string(), libraryId: z.string() }),
  /** A series was renamed or its description changed (Shelfcast's own: Audiobookshelf sends none). */
  series_updated: Series,
  /** Users who may see the collection (each with the books they may see). */
  collection_added: Collection,
  collection_updated: Collection,
  collection_removed: Collection,
  /** The playlist's owner. */
  playlist_added: Playlist,
  playlist_updated: Playlist,
  playlist_removed: Playlist,
  /** Admins: a task (scan, match, download...) started, moved on, or ended. */
  task_started: Task,
  task_progress: Task,
  task_finished: Task,
  /** Admins: an audio tool began, moved on in, or finished one file of an item (embed, encode). */
  track_started: TrackStarted,
  track_progress: TrackProgress,
  track_finished: TrackFinished,
  /** Admins: an item joined (`queued: true`) or left the metadata embed queue. */
  metadata_embed_queue_update: MetadataEmbedQueueUpdate,
  /** The download queue, to admins and users who may see the podcast; progress at most twice a second each. */
  episode_download_queued: EpisodeDownload,
  episode_download_started: EpisodeDownload,
  episode_download_progress: EpisodeDownload,
  episode_download_finished: EpisodeDownload,
  /** The queue of a library changed as a whole (cleared, cancelled). */
  episode_download_queue_updated: EpisodeDownloadQueue.extend({ libraryId: z.string() }),
  /** The ereader devices changed: each user gets the devices they may use (admins all of them). */
  'ereader-devices-updated': EreaderDevicesResponse,
} satisfies Record<string, z.ZodType>

export type ServerEventName = keyof typeof serverEvents
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]>

/** The server -> client event map socket.io is typed with. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void }

export type EpisodeDownloadEventName = Extract<ServerEventName, `episode_download_${string}`>

export interface ClientToServerEvents {
  auth: (token: string) => void
  cancel_scan: (libraryId: string) => void
  /** Admins with the Logs page open: stream `log` lines at this level (0..6, logs.ts) or above to this socket. */
  set_log_listener: (level: number) => void
  /** The Logs page closed: no more `log` lines to this socket (a disconnect does the same). */
  remove_log_listener: () => void
}
