import type { MediaItemShare } from '@shelfcast/contracts'
import type { ShareRow } from './shares.repository.ts'

/** Audiobookshelf's MediaItemShare.toJSONForClient: ISO dates, expiresAt null when permanent. */
export function toShareJson(row: ShareRow): MediaItemShare {
  return {
    id: row.id,
    mediaItemId: row.media_item_id,
    mediaItemType: row.media_item_type,
    slug: row.slug,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    isDownloadable: row.is_downloadable === 1,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}
