import crypto from 'node:crypto'
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { ItemSortKey, MediaType } from '@shelfcast/contracts'
import type { Database } from '../../db/schema.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'
import { changeStamp, contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import { ITEMS_BY_ID_INDEX } from '../../db/migrations/0010-items-by-id-columns.ts'
import { filterPlan, planCondition, type FilterPlan, type FilterUse } from './item-filter-sql.ts'
import type { ItemFilter } from './listing-query.ts'

/** Everything one list request asks, already parsed and checked. */
export interface ListingSpec {
  libraryId: string
  mediaType: MediaType
  user: UserRecord
  filter: ItemFilter | null
  sort: ItemSortKey
  desc: boolean
  /** Server setting sortingIgnorePrefix: titles sort without "The", "A" ... */
  ignorePrefix: boolean
  limit: number
  offset: number
}

export interface PageOfIds {
  ids: string[]
  total: number
}

/** A collapsed-series entry: the item shown (null until chosen), and the series it stands for. */
export interface CollapsedEntry {
  id: string | null
  seriesId: string | null
}

export interface CollapsedSeriesInfo {
  id: string
  name: string
  nameIgnorePrefix: string
  /** Matching books in sequence order, with their sequence. */
  books: { id: string; sequence: string | null }[]
}

type Sql = RawBuilder<unknown>
const and = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`${sql.join(parts, sql` AND `)}`
/** Filter sets at most this big are read first and sorted. */
export const DRIVING_SET_MAX = 1500
/** Sets up to this size are built once and probed while a sort index is walked; bigger ones are tested per item. */
export const PROBED_SET_MAX = 5000

/** The item column a sort orders by when the order is that column's own (null for computed orders). */
function sortColumn(spec: ListingSpec): string | null {
  switch (spec.sort) {
    case 'media.metadata.publishedYear':
      return 'published_year'
    case 'media.numTracks':
      return spec.mediaType === 'book' ? 'num_tracks' : null
    default:
      return null
  }
}

/** The prepared parts of a list query. */
interface Prepared {
  spec: ListingSpec
  plan: FilterPlan
  /** Size of the filter's set (items of the library), else null. */
  setSize: number | null
  restricted: boolean
  use: FilterUse
  stamp: string
}

/**
 * The item list in SQL. Filters become sets of item ids read from indexes (item-filter-sql.ts); every sort
 * index ends with the item id (migration 0004). A small filter set is read first and sorted; otherwise
 * the sort index is walked and the set probed, so a page never reads item rows except its own 50.
 */
export class ListingRepository {
  private readonly db: Kysely<Database>
  /** Counts (set sizes, totals) until the library changes: paging through a list counts once. */
  private readonly counts = new StampedCache<number>(1000)
  private readonly drivingSetMax: number
  private readonly probedSetMax: number
  /** The thresholds are options only so tests can force each strategy on small data. */
  constructor(db: Kysely<Database>, opts: { drivingSetMax?: number; probedSetMax?: number } = {}) {
    this.db = db
    this.drivingSetMax = opts.drivingSetMax ?? DRIVING_SET_MAX
    this.probedSetMax = opts.probedSetMax ?? PROBED_SET_MAX
  }

  private async cachedCount(stamp: string, key: string, query: RawBuilder<{ n: number }>): Promise<number> {
    return this.counts.get(stamp, key, () => this.scalar(query))
  }

  private async scalar(query: RawBuilder<{ n: number }>): Promise<number> {
    return Number((await query.execute(this.db)).rows[0]?.n ?? 0)
  }

  /** A key naming what a count depends on: library, filter, and the user where progress or access matter. */
  private countKey(p: Prepared, what: string): string {
    const f = p.spec.filter
    const userPart = p.restricted || f?.group === 'progress' ? p.spec.user.id : ''
    return JSON.stringify([
      what,
      p.spec.libraryId,
      f,
      userPart,
      p.restricted ? [p.spec.user.permissions, p.spec.user.itemTagsSelected] : null,
    ])
  }

  private async prepare(spec: ListingSpec): Promise<Prepared> {
    const plan = filterPlan(spec.filter, { libraryId: spec.libraryId, userId: spec.user.id })
    // Counts of progress lists follow every write; the others only the library's content.
    const byProgress = spec.filter?.group === 'progress' || spec.sort === 'progress'
    const stamp = byProgress ? await changeStamp(this.db) : await contentStamp(this.db, spec.libraryId)
    const p: Prepared = {
      spec,
      plan,
      setSize: null,
      restricted: restrictsItemsWithinLibrary(spec.user),
      use: 'test',
      stamp,
    }
    if (plan.kind === 'in' || plan.kind === 'not-in') {
      p.setSize = await this.cachedCount(
        stamp,
        this.countKey(p, 'set'),
        sql<{ n: number }>`SELECT count(*) AS n FROM (${plan.ids})`,
      )
    }
    if (plan.kind === 'in' && p.setSize !== null)
      p.use = p.setSize <= this.drivingSetMax ? 'drive' : p.setSize <= this.probedSetMax ? 'probe' : 'test'
    return p
  }

  private drives(p: Prepared): boolean {
    return p.use === 'drive'
  }

  /**
   * WHERE for walking a sort index of the library; filter and access rule are checked per item. A filter
   * on the sort's own column is a range of that index instead (multi-track books by track count).
   */
  private scanWhere(p: Prepared): RawBuilder<SqlBool> {
    const { plan } = p
    const column = sortColumn(p.spec)
    const onSortColumn =
      plan.kind === 'in' &&
      plan.onRow &&
      column !== null &&
      plan.columns?.length === 1 &&
      plan.columns[0] === column
    return and([
      sql<SqlBool>`li.library_id = ${p.spec.libraryId}`,
      onSortColumn && plan.onRow
        ? plan.onRow('li')
        : planCondition(plan, 'li', p.use === 'drive' ? 'probe' : p.use),
      itemVisibility(p.spec.user, 'li', { probeOnly: true }),
    ])
  }

  /** WHERE for reading a small filter set first (the library check only confirms). */
  private driveWhere(p: Prepared): RawBuilder<SqlBool> {
    return and([
      sql<SqlBool>`+li.library_id = ${p.spec.libraryId}`,
      planCondition(p.plan, 'li', 'drive'),
      itemVisibility(p.spec.user, 'li'),
    ])
  }

  /**
   * The items table of a page. A small set read first is looked up by id and sorted: forced onto the by-id
   * index (migration 0010), which holds every sort key, so no item row is read (SQLite would pick the
   * primary-key index and read each row).
   */
  private itemsFor(p: Prepared): Sql {
    return this.drives(p)
      ? sql`library_items li INDEXED BY ${sql.raw(ITEMS_BY_ID_INDEX)}`
      : sql`library_items li`
  }

  /** The WHERE of a page: read the set first when it is small, else walk the sort index. */
  private pageWhere(p: Prepared): RawBuilder<SqlBool> {
    return this.drives(p) ? this.driveWhere(p) : this.scanWhere(p)
  }

  private titleKey(ignorePrefix: boolean): Sql {
    return ignorePrefix ? sql`li.title_ignore_prefix COLLATE NOCASE` : sql`li.title COLLATE NOCASE`
  }

  /** The ORDER BY key of a sort (progress, random and sequence are paged by their own queries). */
  private sortKey(spec: ListingSpec): Sql {
    switch (spec.sort) {
      case 'media.metadata.authorName':
      case 'media.metadata.author':
        return sql`li.author_name COLLATE NOCASE`
      case 'media.metadata.authorNameLF':
        return sql`li.author_name_lf COLLATE NOCASE`
      case 'media.metadata.publishedYear':
        return sql`li.published_year`
      case 'media.duration':
        return sql`li.duration`
      case 'addedAt':
        return sql`li.added_at`
      case 'size':
        return sql`li.size`
      case 'mtimeMs':
        return sql`li.mtime_ms`
      case 'birthtimeMs':
        return sql`li.birthtime_ms`
      case 'media.numTracks':
        return spec.mediaType === 'podcast'
          ? sql`(SELECT count(*) FROM podcast_episodes pe WHERE pe.library_item_id = li.id)`
          : sql`li.num_tracks`
      default:
        return this.titleKey(spec.ignorePrefix)
    }
  }

  private dir(spec: ListingSpec) {
    return spec.desc ? sql`DESC` : sql`ASC`
  }

  private async ids(query: RawBuilder<{ id: string }>): Promise<string[]> {
    return (await query.execute(this.db)).rows.map((r) => r.id)
  }

  /** Items matching the filter and the access rule (cached until the next write). */
  private async total(p: Prepared): Promise<number> {
    const { plan, spec } = p
    if (plan.kind === 'none') return 0
    if (plan.kind === 'in' && !p.restricted && p.setSize !== null) return p.setSize
    const vis = itemVisibility(spec.user, 'li')
    if (plan.kind === 'not-in' && !p.restricted && p.setSize !== null) {
      // The library's size follows its content only: a progress write (which moves p.stamp) keeps it.
      const libraryStamp = await contentStamp(this.db, spec.libraryId)
      const all = await this.cachedCount(
        libraryStamp,
        this.countKey({ ...p, spec: { ...spec, filter: null } }, 'total'),
        sql<{ n: number }>`
        SELECT count(*) AS n FROM library_items li WHERE li.library_id = ${spec.libraryId} AND ${vis}`,
      )
      return Math.max(0, all - p.setSize)
    }
    const use: FilterUse = plan.kind === 'in' ? 'drive' : 'test'
    return this.cachedCount(
      p.stamp,
      this.countKey(p, 'total'),
      sql<{ n: number }>`
      SELECT count(*) AS n FROM library_items li WHERE li.library_id = ${spec.libraryId} AND ${planCondition(plan, 'li', use)} AND ${vis}`,
    )
  }

  /** One page of item ids in list order, and the total. */
  async page(spec: ListingSpec): Promise<PageOfIds> {
    const p = await this.prepare(spec)
    if (p.plan.kind === 'none' || p.setSize === 0) return { ids: [], total: 0 }
    if (spec.sort === 'progress') return this.progressPage(p)
    if (spec.sort === 'random') return this.randomPage(p)
    const dir = this.dir(spec)
    let ids: string[]
    if (spec.sort === 'sequence' && spec.filter?.group === 'series') {
      // Books without a sequence go last whatever the direction.
      const seq = sql`(SELECT x.sequence_sort FROM item_series x WHERE x.item_id = li.id AND x.series_id = ${spec.filter.id})`
      ids = await this.ids(sql<{
        id: string
      }>`SELECT li.id AS id FROM library_items li WHERE ${this.driveWhere(p)}
        ORDER BY ${seq} IS NULL, ${seq} ${dir}, li.id ${dir} LIMIT ${spec.limit} OFFSET ${spec.offset}`)
    } else {
      ids = await this.ids(sql<{
        id: string
      }>`SELECT li.id AS id FROM ${this.itemsFor(p)} WHERE ${this.pageWhere(p)}
        ORDER BY ${this.sortKey(spec)} ${dir}, li.id ${dir} LIMIT ${spec.limit} OFFSET ${spec.offset}`)
    }
    const total = spec.offset === 0 && ids.length < spec.limit ? ids.length : await this.total(p)
    return { ids, total }
  }

  /**
   * Random order: a small set is shuffled in SQL; otherwise a window of the (library_id, id) index starting
   * at a random UUID is taken — ids are random, so the window is a random sample, read from the index alone.
   * Every page is a new sample, as in Audiobookshelf.
   */
  private async randomPage(p: Prepared): Promise<PageOfIds> {
    const { spec } = p
    let ids: string[]
    if (this.drives(p)) {
      ids = await this.ids(
        sql<{
          id: string
        }>`SELECT li.id AS id FROM library_items li WHERE ${this.driveWhere(p)} ORDER BY random() LIMIT ${spec.limit}`,
      )
    } else {
      const start = crypto.randomUUID()
      const where = this.scanWhere(p)
      ids = await this.ids(
        sql<{
          id: string
        }>`SELECT li.id AS id FROM library_items li WHERE ${where} AND li.id >= ${start} ORDER BY li.id LIMIT ${spec.limit}`,
      )
      if (ids.length < spec.limit) {
        ids.push(
          ...(await this.ids(
            sql<{
              id: string
            }>`SELECT li.id AS id FROM library_items li WHERE ${where} AND li.id < ${start} ORDER BY li.id LIMIT ${spec.limit - ids.length}`,
          )),
        )
      }
    }
    return { ids, total: await this.total(p) }
  }

  /**
   * Sort by the user's last progress update. Items with progress are few, so they are read from the user's
   * progress rows and sorted; the rest follow (descending) or precede (ascending) in title order.
   */
  private async progressPage(p: Prepared): Promise<PageOfIds> {
    const { spec } = p
    const dir = this.dir(spec)
    // The user's progress rows are few: each one's item is tested, rather than a big filter set built.
    const withProgress = sql`FROM media_progress mp CROSS JOIN library_items li ON li.id = mp.library_item_id
      WHERE mp.user_id = ${spec.user.id} AND mp.episode_id = '' AND ${and([
        // Both columns in (library_id, id): the library check needs no row read.
        sql<SqlBool>`li.library_id = ${spec.libraryId}`,
        planCondition(p.plan, 'li', 'test'),
        itemVisibility(spec.user, 'li'),
      ])}`
    const mine = sql`SELECT library_item_id FROM media_progress WHERE user_id = ${spec.user.id} AND episode_id = ''`
    const nWith = await this.cachedCount(
      p.stamp,
      this.countKey(p, `progress:${spec.user.id}`),
      sql<{ n: number }>`SELECT count(*) AS n ${withProgress}`,
    )
    const total = await this.total(p)
    const segments = [
      {
        n: nWith,
        rows: (limit: number, offset: number) =>
          sql<{
            id: string
          }>`SELECT li.id AS id ${withProgress} ORDER BY mp.last_update ${dir}, li.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
      },
      {
        n: total - nWith,
        rows: (limit: number, offset: number) =>
          sql<{
            id: string
          }>`SELECT li.id AS id FROM ${this.itemsFor(p)} WHERE ${this.pageWhere(p)} AND li.id NOT IN (${mine})
            ORDER BY ${this.titleKey(spec.ignorePrefix)} ASC, li.id ASC LIMIT ${limit} OFFSET ${offset}`,
      },
    ]
    if (!spec.desc) segments.reverse()
    const ids: string[] = []
    let offset = spec.offset
    for (const seg of segments) {
      const want = spec.limit - ids.length
      if (want <= 0) break
      if (offset >= seg.n) {
        offset -= seg.n
        continue
      }
      ids.push(...(await this.ids(seg.rows(want, offset))))
      offset = 0
    }
    return { ids, total }
  }

  /**
   * Series (`s`) with a book matching the filter and the access rule: a set of series ids built once
   * (a correlated test per series would rebuild the filter set for each of them).
   */
  private seriesWithMatch(p: Prepared): RawBuilder<SqlBool> {
    const { plan, spec } = p
    if (plan.kind === 'all' && !p.restricted)
      return sql<SqlBool>`EXISTS (SELECT 1 FROM item_series x WHERE x.series_id = s.id)`
    if (plan.kind === 'in' && !p.restricted)
      return sql<SqlBool>`s.id IN (SELECT x.series_id FROM (${plan.ids}) m JOIN item_series x ON x.item_id = m.item_id)`
    const books =
      plan.kind === 'in'
        ? sql`(${plan.ids}) m JOIN item_series x ON x.item_id = m.item_id`
        : sql`item_series x`
    return sql<SqlBool>`s.id IN (SELECT x.series_id FROM ${books} JOIN library_items li ON li.id = x.item_id
      WHERE li.library_id = ${spec.libraryId} AND ${plan.kind === 'not-in' ? plan.test('li') : sql`1`} AND ${itemVisibility(spec.user, 'li')})`
  }

  /** Standalone items of a collapsed list: matching items in no series. */
  private standaloneWhere(p: Prepared): RawBuilder<SqlBool> {
    return and([
      this.scanWhere(p),
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM item_series x WHERE x.item_id = li.id)`,
    ])
  }

  /** Entries of a collapsed list: standalone items plus series with a match (cached until the next write). */
  private async collapsedTotal(p: Prepared): Promise<number> {
    const { spec, plan } = p
    const series = this.cachedCount(
      p.stamp,
      this.countKey(p, 'collapsed-series'),
      sql<{ n: number }>`
      SELECT count(*) AS n FROM series s WHERE s.library_id = ${spec.libraryId} AND ${this.seriesWithMatch(p)}`,
    )
    let standalone: Promise<number>
    if (!p.restricted && (plan.kind === 'all' || plan.kind === 'in')) {
      // Matching items minus those in a series, both counted from indexes.
      const inSeries =
        plan.kind === 'in'
          ? sql<{
              n: number
            }>`SELECT count(*) AS n FROM (${plan.ids}) m WHERE EXISTS (SELECT 1 FROM item_series x WHERE x.item_id = m.item_id)`
          : sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT item_id FROM item_series GROUP BY item_id) g
            JOIN library_items li ON li.id = g.item_id AND li.library_id = ${spec.libraryId}`
      standalone = Promise.all([
        this.total(p),
        this.cachedCount(p.stamp, this.countKey(p, 'in-series'), inSeries),
      ]).then(([a, b]) => Math.max(0, a - b))
    } else {
      standalone = this.cachedCount(
        p.stamp,
        this.countKey(p, 'standalone'),
        sql<{ n: number }>`
        SELECT count(*) AS n FROM library_items li WHERE ${this.standaloneWhere(p)}`,
      )
    }
    return (await standalone) + (await series)
  }

  /**
   * Collapsed series: books in a series are replaced by one entry per series with a matching book. Two
   * streams are merged in key order: standalone items along their sort index, and series — by name when
   * the list is sorted by title, else by the key of their first matching book (in sequence order).
   */
  async collapsedPage(spec: ListingSpec): Promise<{ entries: CollapsedEntry[]; total: number }> {
    const p = await this.prepare(spec)
    if (p.plan.kind === 'none' || p.setSize === 0) return { entries: [], total: 0 }
    const dir = this.dir(spec)
    const keyed = [
      'media.metadata.authorName',
      'media.metadata.authorNameLF',
      'media.metadata.publishedYear',
      'media.duration',
      'addedAt',
      'size',
      'mtimeMs',
      'birthtimeMs',
      'media.numTracks',
    ]
    const byName = !keyed.includes(spec.sort)
    const key = byName ? this.titleKey(spec.ignorePrefix) : this.sortKey(spec)
    let seriesArm: Sql
    if (byName) {
      const seriesName = spec.ignorePrefix
        ? sql`s.name_ignore_prefix COLLATE NOCASE`
        : sql`s.name COLLATE NOCASE`
      seriesArm = sql`SELECT NULL AS id, s.id AS sid, ${seriesName} AS k FROM series s WHERE s.library_id = ${spec.libraryId} AND ${this.seriesWithMatch(p)}`
    } else {
      // The first matching book of each series: filter and access tested per book, never a set rebuilt per series.
      const firstBook = sql`SELECT x.item_id FROM item_series x JOIN library_items li ON li.id = x.item_id
        WHERE x.series_id = s.id AND ${p.plan.kind === 'all' ? sql`1` : planCondition(p.plan, 'li', 'test')} AND ${itemVisibility(spec.user, 'li')}
        ORDER BY x.sequence_sort IS NULL, x.sequence_sort, x.item_id LIMIT 1`
      seriesArm = sql`SELECT li.id AS id, r.sid AS sid, ${key} AS k
        FROM (SELECT s.id AS sid, (${firstBook}) AS rep FROM series s WHERE s.library_id = ${spec.libraryId} AND ${this.seriesWithMatch(p)}) r
        JOIN library_items li ON li.id = r.rep`
    }
    const rows = await sql<{ id: string | null; sid: string | null }>`
      SELECT li.id AS id, NULL AS sid, ${key} AS k FROM library_items li WHERE ${this.standaloneWhere(p)}
      UNION ALL
      ${seriesArm}
      ORDER BY k ${dir} LIMIT ${spec.limit} OFFSET ${spec.offset}`.execute(this.db)
    const entries = rows.rows.map((r) => ({ id: r.id, seriesId: r.sid }))
    const total =
      spec.offset === 0 && entries.length < spec.limit ? entries.length : await this.collapsedTotal(p)
    return { entries, total }
  }

  /** The series of collapsed entries, with their matching books in sequence order. */
  async collapsedSeries(
    spec: ListingSpec,
    seriesIds: readonly string[],
  ): Promise<Map<string, CollapsedSeriesInfo>> {
    const out = new Map<string, CollapsedSeriesInfo>()
    if (seriesIds.length === 0) return out
    const p = await this.prepare(spec)
    const series = await this.db
      .selectFrom('series')
      .select(['id', 'name', 'name_ignore_prefix'])
      .where('id', 'in', [...seriesIds])
      .execute()
    for (const s of series)
      out.set(s.id, { id: s.id, name: s.name, nameIgnorePrefix: s.name_ignore_prefix, books: [] })
    const books = await sql<{ sid: string; id: string; sequence: string | null }>`
      SELECT x.series_id AS sid, li.id AS id, x.sequence AS sequence
      FROM item_series x JOIN library_items li ON li.id = x.item_id
      WHERE x.series_id IN (${sql.join([...seriesIds])}) AND ${this.driveWhere(p)}
      ORDER BY x.series_id, x.sequence_sort IS NULL, x.sequence_sort, li.id`.execute(this.db)
    for (const b of books.rows) out.get(b.sid)?.books.push({ id: b.id, sequence: b.sequence })
    return out
  }
}
