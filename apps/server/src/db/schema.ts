import type { ColumnType, Generated } from 'kysely'

/** Table types for Kysely. Booleans are stored as 0/1 integers, JSON columns as text. */
export interface SettingsTable {
  key: string
  value: string
}

export interface UsersTable {
  id: string
  username: string
  email: string | null
  /** argon2id hash; null means an empty password, allowed for root only. */
  password_hash: string | null
  type: string
  /** usernameKey(username): unique with the rank (migration 0012). */
  username_key: string
  /** 0, except for a younger account that shared its key with an older one before 0012. */
  username_key_rank: number
  is_active: number
  is_locked: number
  permissions: string
  libraries_accessible: string
  item_tags_selected: string
  series_hide_from_continue_listening: string
  created_at: number
  updated_at: number
  last_seen: number | null
  /** The linked OpenID subject (migration 0019); absent on insert means none. */
  openid_sub: ColumnType<string | null, string | null | undefined, string | null>
}

export interface SessionsTable {
  id: string
  user_id: string
  created_at: number
  last_used_at: number
  expires_at: number
  ip: string | null
  user_agent: string | null
}

export interface RefreshTokensTable {
  token_hash: string
  session_id: string
  created_at: number
  /** When this token was rotated; it keeps working for the grace window after that. */
  replaced_at: number | null
  expires_at: number
}

export interface ApiKeysTable {
  id: string
  name: string
  user_id: string
  created_by_user_id: string | null
  is_active: number
  expires_at: number | null
  last_used_at: number | null
  created_at: number
}

export interface LibrariesTable {
  id: string
  name: string
  media_type: string
  display_order: number
  icon: string
  provider: string
  settings: string
  created_at: number
  updated_at: number
  /** Migration 0007: when the last full scan finished. */
  last_scan: Generated<number | null>
  /** Migration 0014: the server version that made that scan. */
  last_scan_version: Generated<string | null>
}

export interface LibraryFoldersTable {
  id: string
  library_id: string
  full_path: string
  created_at: number
}

export interface LibraryItemsTable {
  id: string
  library_id: string
  folder_id: string
  media_type: string
  media_id: string
  path: string
  rel_path: string
  is_file: number
  ino: string | null
  size: number
  mtime_ms: number
  ctime_ms: number
  birthtime_ms: number
  added_at: number
  updated_at: number
  last_scan: number | null
  is_missing: number
  is_invalid: number
  /** Why the item is invalid (shown with the issue flag); null when it is not. */
  invalid_reason: string | null
  scan_fingerprint: string | null
  title: string
  title_ignore_prefix: string
  subtitle: string | null
  author_name: string
  author_name_lf: string
  narrator_name: string
  series_name: string
  published_year: string | null
  published_date: string | null
  publisher: string | null
  description: string | null
  isbn: string | null
  asin: string | null
  language: string | null
  explicit: number
  abridged: number
  duration: number
  num_tracks: number
  num_chapters: number
  ebook_format: string | null
  cover_path: string | null
  audio_files: string
  chapters: string
  ebook_file: string | null
  library_files: string
  tags: string
  genres: string
  narrators: string
  podcast: string | null
}

export interface AuthorsTable {
  id: string
  library_id: string
  name: string
  last_first: string
  asin: string | null
  description: string | null
  image_path: string | null
  added_at: number
  updated_at: number
}

export interface ItemAuthorsTable {
  item_id: string
  author_id: string
  position: number
}

export interface SeriesTable {
  id: string
  library_id: string
  name: string
  name_ignore_prefix: string
  description: string | null
  added_at: number
  updated_at: number
}

export interface ItemSeriesTable {
  item_id: string
  series_id: string
  sequence: string | null
  sequence_sort: number | null
}

export interface ItemFacetsTable {
  item_id: string
  library_id: string
  kind: 'genre' | 'tag' | 'narrator'
  value: string
}

export interface PodcastEpisodesTable {
  id: string
  library_item_id: string
  episode_index: number | null
  season: string | null
  episode: string | null
  episode_type: string | null
  title: string
  subtitle: string | null
  description: string | null
  enclosure: string | null
  guid: string | null
  pub_date: string | null
  published_at: number | null
  chapters: string
  audio_file: string | null
  duration: number
  size: number
  added_at: number
  updated_at: number
}

export interface MediaProgressTable {
  id: string
  user_id: string
  library_item_id: string
  /** '' for a book. */
  episode_id: string
  duration: number
  progress: number
  current_time: number
  is_finished: number
  hide_from_continue_listening: number
  ebook_location: string | null
  ebook_progress: number | null
  last_update: number
  started_at: number
  finished_at: number | null
}

export interface PlaybackSessionsTable {
  id: string
  user_id: string
  library_id: string
  library_item_id: string
  /** '' for a book. */
  episode_id: string
  media_type: string
  display_title: string
  display_author: string
  cover_path: string | null
  duration: number
  media_metadata: string
  chapters: string
  play_method: number
  media_player: string
  device_info: string
  time_listening: number
  start_time: number
  current_time: number
  /** YYYY-MM-DD of the day the session started. */
  date: string
  day_of_week: number
  started_at: number
  updated_at: number
  closed_at: number | null
}

/** Seconds and sessions of one user, month and item, kept by triggers on playback_sessions (migration 0020). */
export interface ListeningMonthsTable {
  user_id: string
  /** YYYY-MM. */
  month: string
  library_item_id: string
  media_type: string
  seconds: number
  sessions: number
  display_title: string
  display_author: string
}

export interface BookmarksTable {
  user_id: string
  library_item_id: string
  time: number
  title: string
  created_at: number
}

export interface ItemsFtsTable {
  rowid: number
  item_id: string
  library_id: string
  title: string | null
  subtitle: string | null
  authors: string | null
  narrators: string | null
  series: string | null
  tags: string | null
  genres: string | null
  identifiers: string | null
}

export interface CollectionsTable {
  id: string
  library_id: string
  name: string
  description: string | null
  created_at: number
  updated_at: number
}

export interface CollectionBooksTable {
  collection_id: string
  item_id: string
  position: number
}

export interface PlaylistsTable {
  id: string
  library_id: string
  user_id: string
  name: string
  description: string | null
  created_at: number
  updated_at: number
}

export interface PlaylistItemsTable {
  playlist_id: string
  item_id: string
  /** '' for a book. */
  episode_id: string
  position: number
}

export interface CustomMetadataProvidersTable {
  id: string
  name: string
  url: string
  media_type: 'book' | 'podcast'
  /** Sent to the provider as its Authorization header; never sent to clients. */
  auth_header_value: string | null
  created_at: number
  updated_at: number
}

export interface SharesTable {
  id: string
  slug: string
  media_item_id: string
  media_item_type: 'book'
  /** Who created it; null when unknown. */
  user_id: string | null
  /** Epoch ms; null means permanent. */
  expires_at: number | null
  is_expired: number
  is_downloadable: number
  created_at: number
  updated_at: number
}

export interface ShareSessionsTable {
  /** SHA-256 (hex) of the visitor's share_session_id cookie. */
  id_hash: string
  share_id: string
  current_time: number
  created_at: number
  updated_at: number
}

/** An open RSS feed (modules/feeds). `meta` is JSON: StoredFeedMeta. */
export interface FeedsTable {
  id: string
  slug: string
  user_id: string
  entity_type: 'item' | 'collection' | 'series'
  entity_id: string
  server_address: string
  meta: string
  created_at: number
  updated_at: number
}

export interface MigrationsTable {
  version: number
  name: string
  applied_at: number
}

/** A user's choices about an item's files, which rescans keep (migration 0021). */
export interface ItemFileChoicesTable {
  item_id: string
  /** JSON [{ino, exclude}] in play order, or NULL for the scanner's order. */
  track_order: string | null
  /** The primary ebook's ino, '' for none, NULL for the scanner's choice. */
  primary_ebook: string | null
}

export interface Database {
  settings: SettingsTable
  users: UsersTable
  sessions: SessionsTable
  refresh_tokens: RefreshTokensTable
  api_keys: ApiKeysTable
  libraries: LibrariesTable
  library_folders: LibraryFoldersTable
  library_items: LibraryItemsTable
  item_file_choices: ItemFileChoicesTable
  authors: AuthorsTable
  item_authors: ItemAuthorsTable
  series: SeriesTable
  item_series: ItemSeriesTable
  item_facets: ItemFacetsTable
  podcast_episodes: PodcastEpisodesTable
  media_progress: MediaProgressTable
  items_fts: ItemsFtsTable
  playback_sessions: PlaybackSessionsTable
  listening_months: ListeningMonthsTable
  bookmarks: BookmarksTable
  collections: CollectionsTable
  collection_books: CollectionBooksTable
  playlists: PlaylistsTable
  playlist_items: PlaylistItemsTable
  custom_metadata_providers: CustomMetadataProvidersTable
  shares: SharesTable
  share_sessions: ShareSessionsTable
  feeds: FeedsTable
  migrations: MigrationsTable
}

export type { Generated }
