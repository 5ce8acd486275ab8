import {
  type FeedMinified,
  MAX_PAGE_SIZE,
  seriesSortKeys,
  type Library,
  type Series,
  type SeriesBook,
  type SeriesDetail,
  type SeriesListResponse,
  type SeriesSortKey,
  type SeriesWithBooks,
} from '@shelfcast/contracts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { FeedLookup } from '../feeds/feed-lookup.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { effectiveLimit, parseItemFilter } from '../listing/listing-query.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { SeriesBookRef, SeriesRepository, SeriesRow } from './series.repository.ts'

export const toSeriesJson = (row: SeriesRow): Series => ({
  id: row.id,
  name: row.name,
  nameIgnorePrefix: row.name_ignore_prefix,
  description: row.description,
  addedAt: row.added_at,
  updatedAt: row.updated_at,
  libraryId: row.library_id,
})

/** A series with its visible books (each with its sequence in it) and their total duration: the service's own form. */
export interface SeriesBooks {
  series: Series
  books: SeriesBook[]
  totalDuration: number
}

/**
 * Audiobookshelf's series JSON with its books minified (series list, "Recent Series" shelf): no count, duration or
 * sequence, which a client derives from the books; `rssFeed` only with `include=rssfeed`.
 */
export function seriesListJson(
  s: SeriesBooks,
  include: readonly string[],
  feedOf: (id: string) => FeedMinified | null = () => null,
): SeriesWithBooks {
  const books = s.books.map(({ sequence: _sequence, ...book }) => book)
  return { ...s.series, books, ...(include.includes('rssfeed') ? { rssFeed: feedOf(s.series.id) } : {}) }
}

export interface SeriesListInput {
  limit?: number
  page?: number
  sort?: string
  desc?: boolean
  filter?: string
  minified?: boolean
  include: readonly string[]
}

/** Series: the library's series list, one series, and the books of series (for shelves and search). */
export class SeriesService {
  private readonly repo: SeriesRepository
  private readonly items: ItemsService
  private readonly settings: SettingsService
  private readonly feeds: FeedLookup
  constructor(deps: {
    repo: SeriesRepository
    items: ItemsService
    settings: SettingsService
    feeds: FeedLookup
  }) {
    this.repo = deps.repo
    this.items = deps.items
    this.settings = deps.settings
    this.feeds = deps.feeds
  }

  /** Series rows with their visible books (minified, with sequence) and the books' total duration. */
  async withBooks(user: UserRecord, rows: readonly SeriesRow[]): Promise<SeriesBooks[]> {
    const refs = await this.repo.books(
      user,
      rows.map((r) => r.id),
    )
    const json = new Map(
      (await this.items.minified([...new Set(refs.map((r) => r.itemId))])).map((i) => [i.id, i]),
    )
    const bySeries = new Map<string, SeriesBookRef[]>()
    for (const r of refs) bySeries.set(r.seriesId, [...(bySeries.get(r.seriesId) ?? []), r])
    return rows.map((row) => {
      const list = bySeries.get(row.id) ?? []
      const books: SeriesBook[] = list.flatMap((r) => {
        const item = json.get(r.itemId)
        return item ? [{ ...item, sequence: r.sequence }] : []
      })
      return { series: toSeriesJson(row), books, totalDuration: list.reduce((sum, r) => sum + r.duration, 0) }
    })
  }

  /** Series by id with their books, in the given order (unknown ids and series without visible books dropped). */
  async withBooksByIds(user: UserRecord, ids: readonly string[]): Promise<SeriesBooks[]> {
    const rows = await this.repo.byIds(ids)
    const byId = new Map(rows.map((r) => [r.id, r]))
    const ordered = ids.flatMap((id) => {
      const r = byId.get(id)
      return r ? [r] : []
    })
    return (await this.withBooks(user, ordered)).filter((s) => s.books.length > 0)
  }

  async list(user: UserRecord, library: Library, q: SeriesListInput): Promise<SeriesListResponse> {
    const sort = (q.sort ?? 'name') as SeriesSortKey
    if (!(seriesSortKeys as readonly string[]).includes(sort))
      throw badRequest(`Invalid sort "${String(q.sort).slice(0, 60)}"; allowed: ${seriesSortKeys.join(', ')}`)
    const limit = effectiveLimit(q.limit, MAX_PAGE_SIZE, MAX_PAGE_SIZE)
    const page = q.page ?? 0
    const { sortingIgnorePrefix } = await this.settings.getServerSettings()
    const { rows, total } = await this.repo.page({
      libraryId: library.id,
      user,
      filter: parseItemFilter(q.filter),
      sort,
      desc: q.desc ?? false,
      ignorePrefix: sortingIgnorePrefix,
      hideSingleBook: library.settings.hideSingleBookSeries,
      limit,
      offset: page * limit,
    })
    const feedOf = q.include.includes('rssfeed')
      ? await this.feeds.orNull(
          'series',
          rows.map((r) => r.id),
        )
      : undefined
    return {
      results: (await this.withBooks(user, rows)).map((s) => seriesListJson(s, q.include, feedOf)),
      total,
      limit,
      page,
      sortBy: q.sort,
      sortDesc: q.desc ?? false,
      filterBy: q.filter,
      minified: q.minified ?? false,
      include: q.include.join(','),
    }
  }

  /**
   * One series (GET /api/series/:id, /api/libraries/:id/series/:seriesId). A series of a library the user
   * cannot open, or with no book the user may see, answers 404 like a missing one.
   */
  async detail(
    user: UserRecord,
    libraries: LibrariesService,
    id: string,
    opts: { libraryId?: string; include: readonly string[] },
  ): Promise<SeriesDetail> {
    const row = await this.repo.byId(id)
    if (!row || (opts.libraryId && row.library_id !== opts.libraryId)) throw notFound('Series not found')
    await libraries.getFor(user, row.library_id).catch(() => {
      throw notFound('Series not found')
    })
    const [full] = await this.withBooks(user, [row])
    if (!full || full.books.length === 0) throw notFound('Series not found')
    const out: SeriesDetail = {
      ...full.series,
      books: full.books,
      numBooks: full.books.length,
      totalDuration: full.totalDuration,
    }
    if (opts.include.includes('progress')) {
      const ids = full.books.map((b) => b.id)
      const finished = await this.repo.finished(user.id, ids)
      out.progress = {
        libraryItemIds: ids,
        libraryItemIdsFinished: ids.filter((i) => finished.has(i)),
        isFinished: ids.length > 0 && ids.every((i) => finished.has(i)),
      }
    }
    if (opts.include.includes('rssfeed')) out.rssFeed = (await this.feeds.orNull('series', [row.id]))(row.id)
    return out
  }
}
