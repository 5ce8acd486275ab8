import type { FeedEpisode } from '@shelfcast/contracts'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { jsonColumn, PodcastColumn } from '../../db/item-rows.ts'
import { feedEpisodeColumns } from '../podcasts/episode-match.ts'

/** What a download needs to know of the podcast it belongs to. */
export interface PodcastTarget {
  id: string
  libraryId: string
  /** The podcast's folder (absolute, as scanned). */
  path: string
  title: string
  author: string | null
  explicit: boolean
  coverPath: string | null
  podcast: PodcastColumn
}

/** An episode that has a file, for retention. */
export interface DownloadedEpisode {
  id: string
  /** Absolute path of its audio file, as last scanned. */
  path: string | null
  publishedAt: number | null
  addedAt: number
}

const defaultPodcast = PodcastColumn.parse({})

/** SQL of the download queue and schedules: podcast facts, known episodes, feed fields of new episodes. */
export class PodcastItemsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async target(itemId: string): Promise<PodcastTarget | null> {
    const r = await this.db
      .selectFrom('library_items')
      .select([
        'id',
        'library_id',
        'path',
        'title',
        'author_name',
        'explicit',
        'cover_path',
        'podcast',
        'media_type',
      ])
      .where('id', '=', itemId)
      .executeTakeFirst()
    if (!r || r.media_type !== 'podcast') return null
    const podcast = jsonColumn(r.podcast, PodcastColumn, defaultPodcast)
    return {
      id: r.id,
      libraryId: r.library_id,
      path: r.path,
      title: r.title,
      author: podcast.author ?? (r.author_name || null),
      explicit: r.explicit === 1,
      coverPath: r.cover_path,
      podcast,
    }
  }

  /** Guids and enclosure URLs of the episodes a podcast has: what must not be downloaded again. */
  async knownEpisodeKeys(itemId: string): Promise<{ keys: Set<string>; latestPublishedAt: number | null }> {
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .select(['guid', 'published_at', sql<string | null>`json_extract(enclosure, '$.url')`.as('url')])
      .where('library_item_id', '=', itemId)
      .execute()
    const keys = new Set<string>()
    let latest: number | null = null
    for (const r of rows) {
      if (r.guid) keys.add(`guid:${r.guid}`)
      if (r.url) keys.add(`url:${r.url}`)
      if (r.published_at !== null && (latest === null || r.published_at > latest)) latest = r.published_at
    }
    return { keys, latestPublishedAt: latest }
  }

  /** Sets one field of the podcast JSON in place, so a concurrent edit of other fields is not undone. */
  async setLastEpisodeCheck(itemId: string, at: number): Promise<void> {
    await this.db
      .updateTable('library_items')
      .set({ podcast: sql<string>`json_set(coalesce(podcast, '{}'), '$.lastEpisodeCheck', ${at})` })
      .where('id', '=', itemId)
      .execute()
  }

  /** Podcasts with auto-download on, with their schedule fields. */
  async scheduledPodcasts(): Promise<{ id: string; podcast: PodcastColumn }[]> {
    const rows = await this.db
      .selectFrom('library_items')
      .select(['id', 'podcast'])
      .where('media_type', '=', 'podcast')
      .where(sql<boolean>`json_extract(podcast, '$.autoDownloadEpisodes') = 1`)
      .execute()
    return rows.map((r) => ({ id: r.id, podcast: jsonColumn(r.podcast, PodcastColumn, defaultPodcast) }))
  }

  /**
   * Writes the feed's facts onto the episode scanned from `relPath` (relative to the podcast folder);
   * answers whether there was such an episode.
   */
  async writeFeedFields(itemId: string, relPath: string, e: FeedEpisode, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('podcast_episodes')
      .set({ ...feedEpisodeColumns(e), updated_at: now })
      .where('library_item_id', '=', itemId)
      .where(sql<string>`json_extract(audio_file, '$.metadata.relPath')`, '=', relPath)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) > 0
  }

  /** Episodes with an audio file, newest first (by publication, else by when they were added). */
  async downloadedEpisodes(itemId: string): Promise<DownloadedEpisode[]> {
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .select([
        'id',
        'published_at',
        'added_at',
        sql<string | null>`json_extract(audio_file, '$.metadata.path')`.as('path'),
      ])
      .where('library_item_id', '=', itemId)
      .where('audio_file', 'is not', null)
      .execute()
    return rows
      .map((r) => ({ id: r.id, path: r.path, publishedAt: r.published_at, addedAt: r.added_at }))
      .sort((a, b) => (b.publishedAt ?? b.addedAt) - (a.publishedAt ?? a.addedAt))
  }
}
