import type { Generated } from 'kysely'

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
  is_active: number
  is_locked: number
  permissions: string
  libraries_accessible: string
  item_tags_selected: string
  series_hide_from_continue_listening: string
  created_at: number
  updated_at: number
  last_seen: number | null
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
}

export interface LibraryFoldersTable {
  id: string
  library_id: string
  full_path: string
  created_at: number
}

export interface MigrationsTable {
  version: number
  name: string
  applied_at: number
}

export interface Database {
  settings: SettingsTable
  users: UsersTable
  sessions: SessionsTable
  refresh_tokens: RefreshTokensTable
  api_keys: ApiKeysTable
  libraries: LibrariesTable
  library_folders: LibraryFoldersTable
  migrations: MigrationsTable
}

export type { Generated }
