import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, MediaProgressTable } from '../../db/schema.ts'
import type { UserRecord } from '../users/users.model.ts'
import {
  type EpisodeRow,
  type ItemRelations,
  type ItemRow,
  type MinifiedItemRow,
} from '../../db/item-rows.ts'
import { itemVisibility } from './item-visibility.ts'

export type ProgressRow = Selectable<MediaProgressTable>

/** Every column but the file lists: what minified JSON reads (the lists are kilobytes of JSON per item). */
const MINIFIED_COLUMNS = [
  'id',
  'library_id',
  'folder_id',
  'media_type',
  'media_id',
  'path',
  'rel_path',
  'is_file',
  'ino',
  'size',
  'mtime_ms',
  'ctime_ms',
  'birthtime_ms',
  'added_at',
  'updated_at',
  'last_scan',
  'is_missing',
  'is_invalid',
  'invalid_reason',
  'scan_fingerprint',
  'title',
  'title_ignore_prefix',
  'subtitle',
  'author_name',
  'author_name_lf',
  'narrator_name',
  'series_name',
  'published_year',
  'published_date',
  'publisher',
  'description',
  'isbn',
  'asin',
  'language',
  'explicit',
  'abridged',
  'duration',
  'num_tracks',
  'num_chapters',
  'ebook_format',
  'cover_path',
  'tags',
  'genres',
  'narrators',
  'podcast',
] as const satisfies readonly (keyof ItemRow)[]

/** SQLite's bound-parameter limit is far above this; chunks keep statements small and cached. */
const IDS_PER_QUERY = 500

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Reads of item rows and what they need to become JSON. Visibility comes from `itemVisibility`. */
export class ItemsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** Rows by id, in no particular order; unknown ids are skipped. */
  async rows(ids: readonly string[]): Promise<ItemRow[]> {
    const out: ItemRow[] = []
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      out.push(
        ...(await this.db
          .selectFrom('library_items as li')
          .selectAll('li')
          .where('li.id', 'in', part)
          .execute()),
      )
    }
    return out
  }

  /**
   * Rows for minified JSON: the file lists (kilobytes of JSON per item) are left in SQLite; only how
   * many library files there are comes back, as `num_files`.
   */
  async minifiedRows(ids: readonly string[]): Promise<MinifiedItemRow[]> {
    const out: MinifiedItemRow[] = []
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('library_items as li')
        .select(MINIFIED_COLUMNS.map((c) => `li.${c}` as const))
        .select([
          sql<string>`'[]'`.as('audio_files'),
          sql<string>`'[]'`.as('chapters'),
          sql<null>`NULL`.as('ebook_file'),
          sql<string>`'[]'`.as('library_files'),
          sql<number>`json_array_length(li.library_files)`.as('num_files'),
        ])
        .where('li.id', 'in', part)
        .execute()
      out.push(...rows)
    }
    return out
  }

  /** The row when it exists and the user may see it. */
  async visibleRow(user: UserRecord, id: string): Promise<ItemRow | null> {
    const row = await this.db
      .selectFrom('library_items as li')
      .selectAll('li')
      .where('li.id', '=', id)
      .where(itemVisibility(user, 'li'))
      .executeTakeFirst()
    return row ?? null
  }

  /** The subset of ids the user may see. */
  async visibleIds(user: UserRecord, ids: readonly string[], libraryId?: string): Promise<Set<string>> {
    const out = new Set<string>()
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      let q = this.db
        .selectFrom('library_items as li')
        .select('li.id')
        .where('li.id', 'in', part)
        .where(itemVisibility(user, 'li'))
      if (libraryId !== undefined) q = q.where('li.library_id', '=', libraryId)
      const rows = await q.execute()
      for (const r of rows) out.add(r.id)
    }
    return out
  }

  /** Authors (in credit order) and series (with sequence) of each item. */
  async relations(ids: readonly string[]): Promise<Map<string, ItemRelations>> {
    const out = new Map<string, ItemRelations>()
    for (const id of ids) out.set(id, { authors: [], series: [] })
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      const authors = await this.db
        .selectFrom('item_authors as ia')
        .innerJoin('authors as a', 'a.id', 'ia.author_id')
        .select(['ia.item_id', 'a.id', 'a.name'])
        .where('ia.item_id', 'in', part)
        .orderBy('ia.item_id')
        .orderBy('ia.position')
        .execute()
      for (const a of authors) out.get(a.item_id)?.authors.push({ id: a.id, name: a.name })
      const series = await this.db
        .selectFrom('item_series as iss')
        .innerJoin('series as s', 's.id', 'iss.series_id')
        .select(['iss.item_id', 's.id', 's.name', 'iss.sequence'])
        .where('iss.item_id', 'in', part)
        .orderBy('iss.item_id')
        .orderBy('s.name')
        .execute()
      for (const s of series)
        out.get(s.item_id)?.series.push({ id: s.id, name: s.name, sequence: s.sequence })
    }
    return out
  }

  async episodeCounts(ids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('podcast_episodes')
        .select(['library_item_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('library_item_id', 'in', part)
        .groupBy('library_item_id')
        .execute()
      for (const r of rows) out.set(r.library_item_id, Number(r.n))
    }
    return out
  }

  async episodes(ids: readonly string[]): Promise<Map<string, EpisodeRow[]>> {
    const out = new Map<string, EpisodeRow[]>()
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('podcast_episodes')
        .selectAll()
        .where('library_item_id', 'in', part)
        .orderBy('library_item_id')
        .orderBy('episode_index')
        .execute()
      for (const r of rows) {
        const list = out.get(r.library_item_id) ?? []
        list.push(r)
        out.set(r.library_item_id, list)
      }
    }
    return out
  }

  async episodeRows(ids: readonly string[]): Promise<EpisodeRow[]> {
    const out: EpisodeRow[] = []
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      out.push(
        ...(await this.db.selectFrom('podcast_episodes').selectAll().where('id', 'in', part).execute()),
      )
    }
    return out
  }

  async progress(userId: string, itemId: string, episodeId: string): Promise<ProgressRow | null> {
    const row = await this.db
      .selectFrom('media_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('library_item_id', '=', itemId)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst()
    return row ?? null
  }

  /** Per podcast item, its episodes the user has not finished (items with none left out). */
  async incompleteEpisodeCounts(userId: string, ids: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    if (ids.length === 0) return out
    const rows = await this.db
      .selectFrom('podcast_episodes as e')
      .select(['e.library_item_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('e.library_item_id', 'in', ids)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('media_progress as p')
              .select('p.id')
              .where('p.user_id', '=', userId)
              .whereRef('p.library_item_id', '=', 'e.library_item_id')
              .whereRef('p.episode_id', '=', 'e.id')
              .where('p.is_finished', '=', 1),
          ),
        ),
      )
      .groupBy('e.library_item_id')
      .execute()
    for (const r of rows) out.set(r.id, Number(r.n))
    return out
  }

  /** The caller's progress rows for these items (books: episode ''), keyed by item id. */
  async progressForItems(userId: string, ids: readonly string[]): Promise<Map<string, ProgressRow>> {
    const out = new Map<string, ProgressRow>()
    for (const part of chunks([...new Set(ids)], IDS_PER_QUERY)) {
      const rows = await this.db
        .selectFrom('media_progress')
        .selectAll()
        .where('user_id', '=', userId)
        .where('library_item_id', 'in', part)
        .where('episode_id', '=', '')
        .execute()
      for (const r of rows) out.set(r.library_item_id, r)
    }
    return out
  }
}
