import type { ItemsInProgressResponse } from '@shelfcast/contracts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { ProgressService } from '../playback/progress.service.ts'
import type { UserRecord } from '../users/users.model.ts'

const DEFAULT_LIMIT = 25

/**
 * GET /api/me/items-in-progress: one entry per started, unfinished progress, last listened first — a book as
 * its minified item, an episode as its podcast's minified item with the episode as `recentEpisode`. Unlike
 * Audiobookshelf, only items the user may still see (a library or tag taken away hides them).
 */
export async function itemsInProgress(
  deps: { progress: ProgressService; items: ItemsService },
  user: UserRecord,
  limit = DEFAULT_LIMIT,
): Promise<ItemsInProgressResponse> {
  // Unfinished progress is a short list (what one person has started); entries whose episode is gone drop out.
  const rows = await deps.progress.inProgress(user)
  const items = new Map(
    (await deps.items.minified([...new Set(rows.map((r) => r.library_item_id))])).map((i) => [i.id, i]),
  )
  const episodes = await deps.items.episodesById(rows.map((r) => r.episode_id).filter(Boolean))
  const libraryItems: ItemsInProgressResponse['libraryItems'] = []
  for (const row of rows) {
    const item = items.get(row.library_item_id)
    if (!item) continue
    if (!row.episode_id) {
      if (item.mediaType === 'book') libraryItems.push({ ...item, progressLastUpdate: row.last_update })
      continue
    }
    const episode = episodes.get(row.episode_id)
    if (episode && item.mediaType === 'podcast')
      libraryItems.push({ ...item, recentEpisode: episode, progressLastUpdate: row.last_update })
  }
  return { libraryItems: libraryItems.slice(0, limit || DEFAULT_LIMIT) }
}
