import type { Migration } from '../migrate.ts'
import { sanitizeStoredDescriptions } from './0015-sanitize-descriptions.ts'

/**
 * Collection, playlist and series descriptions are drawn as HTML by Audiobookshelf's apps too; they are now
 * sanitised when written, and the ones stored before go through the same sanitiser here.
 */
export const migration0016: Migration = {
  version: 16,
  name: 'sanitize-list-descriptions',
  up(sqlite) {
    sanitizeStoredDescriptions(sqlite, ['collections', 'playlists', 'series'])
  },
}
