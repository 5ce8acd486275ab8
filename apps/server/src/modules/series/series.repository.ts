import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { SeriesSortKey } from '@shelfcast/contracts'
import type { Selectable } from 'kysely'
import type { Database, SeriesTable } from '../../db/schema.ts'
import { changeStamp, contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import { filterPlan } from '../listing/item-filter-sql.ts'
import type { ItemFilter } from '../listing/listing-query.ts'
import type { UserRecord } from '../users/users.model.ts'

export type SeriesRow = Selectable<SeriesTable>

export interface SeriesListSpec {
  libraryId: string
  user: UserRecord
  filter: ItemFilter | null
  sort: SeriesSortKey
  desc: boolean
  ignorePrefix: boolean
  /** Library setting hideSingleBookSeries: series with one book are left out. */
  hideSingleBook: boolean
  limit: number
  offset: number
}

/** A visible book of a series, with its place in it. */
export interface SeriesBookRef {
  seriesId: string
  itemId: string
  sequence: string | null
  duration: number
}

/**
 * Series lists in SQL. A series is listed when it has a book the user may see (and that matches the item
 * filter); books are read for the page's series only.
 */
export class SeriesRepository {
  private readonly db: Kysely<Database>
  private readonly pages = new StampedCache<{ rows: SeriesRow[]; total: number }>(500)
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** Books of series `s` that count for the list: visible and matching the filter. */
  private matchingBooks(spec: Pick<SeriesListSpec, 'libraryId' | 'user' | 'filter'>): RawBuilder<unknown> {
    const plan = filterPlan(spec.filter, { libraryId: spec.libraryId, userId: spec.user.id })
    const filter = plan.kind === 'all' ? sql`1` : plan.kind === 'none' ? sql`0` : plan.test('li')
    return sql`item_series x JOIN library_items li ON li.id = x.item_id WHERE x.series_id = s.id AND ${filter} AND ${itemVisibility(spec.user, 'li')}`
  }

  private where(spec: SeriesListSpec): RawBuilder<SqlBool> {
    const unrestricted = !spec.filter && !restrictsItemsWithinLibrary(spec.user)
    const has = unrestricted
      ? sql`EXISTS (SELECT 1 FROM item_series x WHERE x.series_id = s.id)`
      : sql`EXISTS (SELECT 1 FROM ${this.matchingBooks(spec)})`
    const single = spec.hideSingleBook
      ? sql`AND (SELECT count(*) FROM ${this.matchingBooks(spec)}) > 1`
      : sql``
    return sql<SqlBool>`s.library_id = ${spec.libraryId} AND ${has} ${single}`
  }

  private orderBy(spec: SeriesListSpec): RawBuilder<unknown> {
    const dir = spec.desc ? sql`DESC` : sql`ASC`
    const name = spec.ignorePrefix ? sql`s.name_ignore_prefix COLLATE NOCASE` : sql`s.name COLLATE NOCASE`
    const agg = (expr: RawBuilder<unknown>) => sql`(SELECT ${expr} FROM ${this.matchingBooks(spec)})`
    switch (spec.sort) {
      case 'name':
        return sql`${name} ${dir}, s.id ${dir}`
      case 'addedAt':
        return sql`s.added_at ${dir}, s.id ${dir}`
      case 'numBooks':
        return !spec.filter && !restrictsItemsWithinLibrary(spec.user)
          ? sql`(SELECT count(*) FROM item_series x WHERE x.series_id = s.id) ${dir}, ${name} ${dir}`
          : sql`${agg(sql`count(*)`)} ${dir}, ${name} ${dir}`
      case 'totalDuration':
        return sql`${agg(sql`total(li.duration)`)} ${dir}, ${name} ${dir}`
      case 'lastBookAdded':
        return sql`${agg(sql`max(li.added_at)`)} ${dir}, ${name} ${dir}`
      case 'lastBookUpdated':
        return sql`${agg(sql`max(li.updated_at)`)} ${dir}, ${name} ${dir}`
    }
  }

  /** A page of series and the total, kept until the library changes (or any write, for progress filters). */
  async page(spec: SeriesListSpec): Promise<{ rows: SeriesRow[]; total: number }> {
    const byProgress = spec.filter?.group === 'progress'
    const userPart =
      restrictsItemsWithinLibrary(spec.user) || byProgress
        ? [spec.user.id, spec.user.permissions, spec.user.itemTagsSelected]
        : null
    const key = JSON.stringify([
      spec.libraryId,
      spec.filter,
      spec.sort,
      spec.desc,
      spec.ignorePrefix,
      spec.hideSingleBook,
      spec.limit,
      spec.offset,
      userPart,
    ])
    const stamp = byProgress ? await changeStamp(this.db) : await contentStamp(this.db, spec.libraryId)
    return this.pages.get(stamp, key, () => this.compute(spec))
  }

  private async compute(spec: SeriesListSpec): Promise<{ rows: SeriesRow[]; total: number }> {
    const where = this.where(spec)
    const rows = (
      await sql<SeriesRow>`SELECT s.* FROM series s WHERE ${where} ORDER BY ${this.orderBy(spec)} LIMIT ${spec.limit} OFFSET ${spec.offset}`.execute(
        this.db,
      )
    ).rows
    const total =
      spec.offset === 0 && rows.length < spec.limit
        ? rows.length
        : Number(
            (await sql<{ n: number }>`SELECT count(*) AS n FROM series s WHERE ${where}`.execute(this.db))
              .rows[0]?.n ?? 0,
          )
    return { rows, total }
  }

  async byIds(ids: readonly string[]): Promise<SeriesRow[]> {
    if (ids.length === 0) return []
    return this.db
      .selectFrom('series')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute()
  }

  async byId(id: string): Promise<SeriesRow | null> {
    return (await this.db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  }

  /** The visible books of these series, in sequence order (books without a sequence last). */
  async books(user: UserRecord, seriesIds: readonly string[]): Promise<SeriesBookRef[]> {
    if (seriesIds.length === 0) return []
    const rows = await sql<{ sid: string; id: string; sequence: string | null; duration: number }>`
      SELECT x.series_id AS sid, li.id AS id, x.sequence AS sequence, li.duration AS duration
      FROM item_series x JOIN library_items li ON li.id = x.item_id
      WHERE x.series_id IN (${sql.join([...seriesIds])}) AND ${itemVisibility(user, 'li')}
      ORDER BY x.series_id, x.sequence_sort IS NULL, x.sequence_sort, li.title COLLATE NOCASE, li.id`.execute(
      this.db,
    )
    return rows.rows.map((r) => ({
      seriesId: r.sid,
      itemId: r.id,
      sequence: r.sequence,
      duration: r.duration,
    }))
  }

  /** Which of these items the user has finished. */
  async finished(userId: string, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('media_progress')
      .select('library_item_id')
      .where('user_id', '=', userId)
      .where('episode_id', '=', '')
      .where('is_finished', '=', 1)
      .where('library_item_id', 'in', [...itemIds])
      .execute()
    return new Set(rows.map((r) => r.library_item_id))
  }
}
