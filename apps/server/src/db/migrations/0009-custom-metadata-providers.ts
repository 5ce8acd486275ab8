import type { Migration } from '../migrate.ts'

/**
 * Custom metadata providers added by admins (Audiobookshelf's custom provider protocol). The authorization
 * value is stored as given, since it is sent to the provider as is, and never leaves the server otherwise.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'custom-metadata-providers',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE custom_metadata_providers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        media_type TEXT NOT NULL CHECK (media_type IN ('book', 'podcast')),
        auth_header_value TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX custom_metadata_providers_media ON custom_metadata_providers (media_type, name COLLATE NOCASE);
    `)
  },
}
