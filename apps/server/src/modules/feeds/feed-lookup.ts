import type { FeedEntityType, FeedMinified } from '@shelfcast/contracts'
import { toFeedMinified } from './feed-model.ts'
import type { FeedsRepository } from './feeds.repository.ts'

/**
 * The open feeds of entities as include=rssfeed shows them (item lists, item pages, shelves, series, a
 * collection): Audiobookshelf's minified feed, one query for a whole page.
 */
export class FeedLookup {
  private readonly repo: FeedsRepository
  constructor(repo: FeedsRepository) {
    this.repo = repo
  }

  async minifiedFor(type: FeedEntityType, ids: readonly string[]): Promise<Map<string, FeedMinified>> {
    if (ids.length === 0) return new Map()
    const rows = await this.repo.forEntities(type, ids)
    if (rows.size === 0) return new Map()
    const undated =
      type === 'item' ? await this.repo.withUndatedEpisodes([...rows.keys()]) : new Set<string>()
    const out = new Map<string, FeedMinified>()
    for (const [id, row] of rows)
      out.set(id, toFeedMinified(row, { hasEpisodesWithoutPubDate: undated.has(id) }))
    return out
  }

  /** Each id's feed or null, for `rssFeed` fields. */
  async orNull(type: FeedEntityType, ids: readonly string[]): Promise<(id: string) => FeedMinified | null> {
    const found = await this.minifiedFor(type, ids)
    return (id) => found.get(id) ?? null
  }
}
