import type { Logger } from 'pino'
import type { LogControl } from './logger.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config/config.ts'
import type { DatabaseHandle } from './db/connection.ts'
import type { GuardedFetcher } from './net/index.ts'
import type { RateLimiter } from './http/rate-limiter.ts'
import type { ApiKeysService } from './modules/api-keys/api-keys.service.ts'
import type { Browse } from './modules/browse.ts'
import type { CollectionsService } from './modules/collections/collections.service.ts'
import type { UploadService } from './modules/upload/upload.service.ts'
import type { AuthorEditService } from './modules/authors/author-edit.service.ts'
import type { LibraryCareService } from './modules/library-care/library-care.service.ts'
import type { SeriesEditService } from './modules/series/series-edit.service.ts'
import type { ItemCoverService } from './modules/item-edit/item-cover.service.ts'
import type { ItemEditService } from './modules/item-edit/item-edit.service.ts'
import type { ItemMetadataService } from './modules/item-metadata/item-metadata.service.ts'
import type { MetadataModule } from './modules/metadata-providers/metadata-providers.module.ts'
import type { PodcastDownloads } from './modules/podcast-downloads/podcast-downloads-module.ts'
import type { Podcasts } from './modules/podcasts/podcasts-module.ts'
import type { PlaylistsService } from './modules/playlists/playlists.service.ts'
import type { AuthService } from './modules/auth/auth.service.ts'
import type { LibrariesService } from './modules/libraries/libraries.service.ts'
import type { Playback } from './modules/playback/playback-module.ts'
import type { Shares } from './modules/shares/shares-module.ts'
import type { SettingsService } from './modules/settings/settings.service.ts'
import type { StatsService } from './modules/stats/stats.service.ts'
import type { UsersService } from './modules/users/users.service.ts'
import type { FeedsService } from './modules/feeds/feeds.service.ts'
import type { ReleasesService } from './modules/releases/releases.service.ts'
import type { EmailService } from './modules/email/email.service.ts'
import type { NotificationsService } from './modules/notifications/notifications.service.ts'
import type { BackupsService } from './modules/backups/backups.service.ts'
import type { Realtime } from './realtime/realtime.ts'
import type { TaskRunner } from './jobs/task-runner.ts'
import type { ItemFilesService } from './modules/item-edit/item-files.service.ts'
import type { ScannerModule } from './scanner/scanner-module.ts'
import type { AuthSettingsService } from './modules/auth/openid/auth-settings.service.ts'
import type { OpenIDSignIn } from './modules/auth/openid/openid-sign-in.ts'
import type { ToolRuns } from './modules/tools/tool-runs.ts'
import type { ToolsService } from './modules/tools/tools.service.ts'
import type { EmbedService } from './modules/tools/embed/embed.service.ts'

/** Everything a route module may use. Built once by buildApp(). */
export interface AppContext {
  config: Config
  clock: Clock
  log: Logger
  /** Today's log lines (Logs page, live stream to admins) and the level set at run time. */
  logs: LogControl
  database: DatabaseHandle
  realtime: Realtime
  limiters: { login: RateLimiter; refresh: RateLimiter }
  settings: SettingsService
  users: UsersService
  auth: AuthService
  apiKeys: ApiKeysService
  libraries: LibrariesService
  /** The read side: items, lists, filter data, series, authors, shelves, search. */
  browse: Browse
  tasks: TaskRunner
  scanner: ScannerModule
  /** Playback sessions, streams, progress, bookmarks, listening history. */
  playback: Playback
  /** Year in review (a user's, the server's) and server totals. */
  stats: StatsService
  /** Public share links of books: create, delete, the public routes' share and its expiry. */
  shares: Shares
  collections: CollectionsService
  playlists: PlaylistsService
  /** Metadata, chapter and delete edits of items (saved like a scan, kept in metadata.json). */
  itemEdit: ItemEditService
  /** Tags, genres and narrators renamed (merged) or removed across items. */
  itemMetadata: ItemMetadataService
  /** Covers set by users: upload, URL, one of the item's images, or none. */
  itemCovers: ItemCoverService
  /** One item's files: track order, ffprobe data, deleting a file, the primary ebook. */
  itemFiles: ItemFilesService
  /** Renames (and merges), details, images and removal of authors. */
  authorEdit: AuthorEditService
  /** Series renames and descriptions (no merging: a taken name is refused). */
  seriesEdit: SeriesEditService
  /** Admin tidying: metadata files of item folders, the cache folder. */
  libraryCare: LibraryCareService
  /** Books uploaded through the web client into a library folder. */
  upload: UploadService
  /** Metadata providers (built-in and custom), and quick match of items and authors. */
  metadata: MetadataModule
  /** The one way to fetch a URL a user gave (covers, author images, providers, feeds): SSRF-guarded and capped. */
  fetcher: GuardedFetcher
  /** Subscribing to feeds, OPML, episodes and podcast-level edits. */
  podcasts: Podcasts
  /** The episode download queue and auto-download schedules. */
  podcastDownloads: PodcastDownloads
  /** SMTP settings, ereader devices and ebooks mailed to them. */
  email: EmailService
  backups: BackupsService
  /** RSS feeds out: open/close by admins, /feed/:slug for podcast apps. */
  feeds: FeedsService
  /** Apprise notifications: settings, notifications per event, the send queue (modules fire events into it). */
  notifications: NotificationsService
  /** Published releases for the update check (RELEASES_URL, cached 5 minutes). */
  releases: ReleasesService
  /** Authentication settings (password and OpenID), applied at once. */
  authSettings: AuthSettingsService
  /** OpenID Connect sign-in: the code flow with PKCE, the account it signs in as, logout at the provider. */
  openid: OpenIDSignIn
  /** The audio tools' hold on items (one tool per item) and each item's latest run log. */
  toolRuns: ToolRuns
  /** Audio tools: merge a book into one M4B, split a one-file book into MP3s (tasks). */
  tools: ToolsService
  /** Embedding item metadata into audio files: one item, or many through the queue. */
  embed: EmbedService
}
