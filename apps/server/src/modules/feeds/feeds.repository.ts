import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, FeedsTable, LibraryItemsTable } from '../../db/schema.ts'
import type { EpisodeRow } from '../../db/item-rows.ts'
import { itemVisibility } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

export type FeedRow = Selectable<FeedsTable>
export type FeedEntityType = FeedRow['entity_type']

/** The columns of an item a feed is made of (never its library file list). */
const ITEM_COLUMNS = [
  'id',
  'library_id',
  'media_type',
  'path',
  'is_file',
  'title',
  'author_name',
  'description',
  'language',
  'explicit',
  'genres',
  'added_at',
  'updated_at',
  'cover_path',
  'audio_files',
  'chapters',
  'podcast',
] as const satisfies readonly (keyof LibraryItemsTable)[]
export type FeedItemRow = Pick<Selectable<LibraryItemsTable>, (typeof ITEM_COLUMNS)[number]>

const IDS_PER_QUERY = 500

/** Feeds, and the reads a feed is built from at request time (so it follows its source). */
export class FeedsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async insert(row: FeedRow): Promise<void> {
    await this.db.insertInto('feeds').values(row).execute()
  }

  /** True when a row went. */
  async delete(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('feeds').where('id', '=', id).executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  async byId(id: string): Promise<FeedRow | null> {
    return (await this.db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  }

  async bySlug(slug: string): Promise<FeedRow | null> {
    return (await this.db.selectFrom('feeds').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null
  }

  async all(): Promise<FeedRow[]> {
    return this.db.selectFrom('feeds').selectAll().orderBy('created_at').execute()
  }

  /** The open feeds of these entities, by entity id. */
  async forEntities(type: FeedEntityType, ids: readonly string[]): Promise<Map<string, FeedRow>> {
    const out = new Map<string, FeedRow>()
    const unique = [...new Set(ids)]
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('feeds')
        .selectAll()
        .where('entity_type', '=', type)
        .where('entity_id', 'in', unique.slice(i, i + IDS_PER_QUERY))
        .execute()
      for (const r of rows) out.set(r.entity_id, r)
    }
    return out
  }

  /** Items, in the order asked, that `owner` may see (unknown and hidden ones left out). */
  async visibleItems(owner: UserRecord, ids: readonly string[]): Promise<FeedItemRow[]> {
    const byId = new Map<string, FeedItemRow>()
    const unique = [...new Set(ids)]
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('library_items as li')
        .select(ITEM_COLUMNS.map((c) => `li.${c}` as const))
        .where('li.id', 'in', unique.slice(i, i + IDS_PER_QUERY))
        .where(itemVisibility(owner, 'li'))
        .execute()
      for (const r of rows) byId.set(r.id, r)
    }
    return unique.flatMap((id) => byId.get(id) ?? [])
  }

  /** A podcast's episodes, newest first as apps list them (undated ones by their place). */
  async episodes(itemId: string): Promise<EpisodeRow[]> {
    return this.db
      .selectFrom('podcast_episodes')
      .selectAll()
      .where('library_item_id', '=', itemId)
      .orderBy('episode_index')
      .orderBy('added_at')
      .execute()
  }

  async episode(itemId: string, episodeId: string): Promise<EpisodeRow | null> {
    return (
      (await this.db
        .selectFrom('podcast_episodes')
        .selectAll()
        .where('id', '=', episodeId)
        .where('library_item_id', '=', itemId)
        .executeTakeFirst()) ?? null
    )
  }

  /** Podcasts among these items that have an episode without a publication date. */
  async withUndatedEpisodes(itemIds: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>()
    const unique = [...new Set(itemIds)]
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('podcast_episodes')
        .select('library_item_id')
        .distinct()
        .where('library_item_id', 'in', unique.slice(i, i + IDS_PER_QUERY))
        .where((eb) =>
          eb.and([eb('published_at', 'is', null), eb(eb.fn.coalesce('pub_date', sql.lit('')), '=', '')]),
        )
        .execute()
      for (const r of rows) out.add(r.library_item_id)
    }
    return out
  }

  async itemLibrary(
    id: string,
  ): Promise<{ id: string; library_id: string; title: string; description: string | null } | null> {
    return (
      (await this.db
        .selectFrom('library_items')
        .select(['id', 'library_id', 'title', 'description'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    )
  }

  async collection(id: string) {
    return (
      (await this.db
        .selectFrom('collections')
        .select(['id', 'library_id', 'name', 'description', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    )
  }

  /** A collection's books in its order. */
  async collectionBookIds(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('collection_books')
      .select('item_id')
      .where('collection_id', '=', id)
      .orderBy('position')
      .execute()
    return rows.map((r) => r.item_id)
  }

  async series(id: string) {
    return (
      (await this.db
        .selectFrom('series')
        .select(['id', 'library_id', 'name', 'description', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    )
  }

  /** A series' books in sequence order (books without a sequence last), as the series page orders them. */
  async seriesBookIds(id: string): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      SELECT x.item_id AS id FROM item_series x JOIN library_items li ON li.id = x.item_id
      WHERE x.series_id = ${id}
      ORDER BY x.sequence_sort IS NULL, x.sequence_sort, li.title COLLATE NOCASE, li.id`.execute(this.db)
    return rows.rows.map((r) => r.id)
  }

  /** Ids of items that have an open feed, among these. */
  async itemsWithFeeds(ids: readonly string[]): Promise<Set<string>> {
    return new Set((await this.forEntities('item', ids)).keys())
  }
}
