import { sql, type Kysely, type Updateable } from 'kysely'
import type { Database, PodcastEpisodesTable } from '../../db/schema.ts'
import type { RemovedEpisodeFile } from '../../scanner/podcast-builder.ts'
import { type EpisodeRow, type ItemRow } from '../../db/item-rows.ts'
import { itemVisibility } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

/** A podcast of a library as the Add page and the OPML export list it. */
export interface PodcastSummary {
  libraryItemId: string
  title: string
  feedUrl: string | null
  itunesId: string | null
}

/** What the Latest page shows of an episode's podcast. */
export type RecentPodcastFacts = Pick<
  ItemRow,
  | 'id'
  | 'media_id'
  | 'title'
  | 'title_ignore_prefix'
  | 'description'
  | 'genres'
  | 'explicit'
  | 'language'
  | 'cover_path'
  | 'podcast'
>

/** Audiobookshelf's Latest page leaves out the episodes the user has finished (one progress-key probe per row). */
const unfinishedBy = (userId: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM media_progress p WHERE p.user_id = ${userId} AND p.library_item_id = e.library_item_id AND p.episode_id = e.id AND p.is_finished = 1)`

/** SQL of subscriptions and episodes: podcast rows, episode rows, the podcast JSON column, latest episodes. */
export class PodcastsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** A podcast item the user may see, or null. */
  async visiblePodcast(user: UserRecord, id: string): Promise<ItemRow | null> {
    const row = await this.db
      .selectFrom('library_items as li')
      .selectAll('li')
      .where('li.id', '=', id)
      .where('li.media_type', '=', 'podcast')
      .where(itemVisibility(user, 'li'))
      .executeTakeFirst()
    return row ?? null
  }

  async mediaType(id: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('library_items')
      .select('media_type')
      .where('id', '=', id)
      .executeTakeFirst()
    return r?.media_type ?? null
  }

  /** Merges fields into the podcast JSON in place (json_patch), leaving the others as they are. */
  async patchPodcastColumn(id: string, fields: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('library_items')
      .set({ podcast: sql<string>`json_patch(coalesce(podcast, '{}'), ${JSON.stringify(fields)})` })
      .where('id', '=', id)
      .execute()
  }

  async itemIdAtPath(path: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('library_items')
      .select('id')
      .where('path', '=', path)
      .executeTakeFirst()
    return r?.id ?? null
  }

  /** Every podcast of a library with its feed URL and iTunes id, by title. */
  async summaries(libraryId: string): Promise<PodcastSummary[]> {
    const rows = await this.db
      .selectFrom('library_items')
      .select([
        'id',
        'title',
        sql<string | null>`json_extract(podcast, '$.feedUrl')`.as('feed_url'),
        sql<string | number | null>`json_extract(podcast, '$.itunesId')`.as('itunes_id'),
      ])
      .where('library_id', '=', libraryId)
      .where('media_type', '=', 'podcast')
      .orderBy('title_ignore_prefix')
      .execute()
    return rows.map((r) => ({
      libraryItemId: r.id,
      title: r.title,
      feedUrl: r.feed_url,
      itunesId: r.itunes_id === null ? null : String(r.itunes_id),
    }))
  }

  async episode(itemId: string, episodeId: string): Promise<EpisodeRow | null> {
    const row = await this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('id', '=', episodeId)
      .where('library_item_id', '=', itemId)
      .executeTakeFirst()
    return row ?? null
  }

  async episodes(itemId: string): Promise<EpisodeRow[]> {
    return this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('library_item_id', '=', itemId)
      .orderBy('episode_index')
      .execute()
  }

  async updateEpisode(episodeId: string, set: Updateable<PodcastEpisodesTable>): Promise<void> {
    await this.db.updateTable('podcast_episodes').set(set).where('id', '=', episodeId).execute()
  }

  /**
   * Removes an episode row; with `file`, remembers that file in the podcast column so the next scan does
   * not add the episode back (the file stays on disk).
   */
  async removeEpisode(itemId: string, episodeId: string, file: RemovedEpisodeFile | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('podcast_episodes').where('id', '=', episodeId).execute()
      if (!file) return
      const row = await trx
        .selectFrom('library_items')
        .select('podcast')
        .where('id', '=', itemId)
        .executeTakeFirst()
      let podcast: Record<string, unknown> = {}
      try {
        const parsed: unknown = JSON.parse(row?.podcast ?? '{}')
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          podcast = parsed as Record<string, unknown>
      } catch {
        podcast = {}
      }
      const before = Array.isArray(podcast.removedEpisodeFiles)
        ? (podcast.removedEpisodeFiles as unknown[])
        : []
      podcast.removedEpisodeFiles = [...before, file]
      await trx
        .updateTable('library_items')
        .set({ podcast: JSON.stringify(podcast) })
        .where('id', '=', itemId)
        .execute()
    })
  }

  /**
   * Newest episodes of a library's podcasts the user may see, by publication (undated last), with the
   * total in the same query (a window count). SQLite finds the library's podcasts by library_id and their
   * episodes through podcast_episodes_item, so the cost follows this library's episodes, not all of them.
   */
  async recentEpisodes(
    user: UserRecord,
    libraryId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: (EpisodeRow & { item: RecentPodcastFacts })[]; total: number }> {
    const rows = await this.recentQuery(user, libraryId, limit, offset).execute()
    let total = rows[0]?.total ?? 0
    if (rows.length === 0 && offset > 0) {
      // Past the last page: the window gave nothing to count from.
      const r = await this.db
        .selectFrom('podcast_episodes as e')
        .innerJoin('library_items as li', 'li.id', 'e.library_item_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('li.library_id', '=', libraryId)
        .where('li.media_type', '=', 'podcast')
        .where('li.is_missing', '=', 0)
        .where(itemVisibility(user, 'li'))
        .where(unfinishedBy(user.id))
        .executeTakeFirst()
      total = r?.n ?? 0
    }
    return {
      total,
      rows: rows.map((r) => {
        const {
          li_media_id,
          li_title,
          li_title_ignore_prefix,
          li_description,
          li_genres,
          li_explicit,
          li_language,
          li_cover_path,
          li_podcast,
          total: _total,
          ...episode
        } = r
        return {
          ...episode,
          item: {
            id: r.library_item_id,
            media_id: li_media_id,
            title: li_title,
            title_ignore_prefix: li_title_ignore_prefix,
            description: li_description,
            genres: li_genres,
            explicit: li_explicit,
            language: li_language,
            cover_path: li_cover_path,
            podcast: li_podcast,
          },
        }
      }),
    }
  }

  /** The page query of recentEpisodes (exposed so a test can read its plan). */
  recentQuery(user: UserRecord, libraryId: string, limit: number, offset: number) {
    return this.db
      .selectFrom('podcast_episodes as e')
      .innerJoin('library_items as li', 'li.id', 'e.library_item_id')
      .selectAll('e')
      .select([
        'li.media_id as li_media_id',
        'li.title as li_title',
        'li.title_ignore_prefix as li_title_ignore_prefix',
        'li.description as li_description',
        'li.genres as li_genres',
        'li.explicit as li_explicit',
        'li.language as li_language',
        'li.cover_path as li_cover_path',
        'li.podcast as li_podcast',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .where(sql.ref('li.library_id'), '=', libraryId)
      .where(sql`+li.media_type`, '=', 'podcast')
      .where(sql`+li.is_missing`, '=', 0)
      .where(itemVisibility(user, 'li', { probeOnly: true }))
      .where(unfinishedBy(user.id))
      .orderBy('e.published_at', 'desc')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset)
  }
}
