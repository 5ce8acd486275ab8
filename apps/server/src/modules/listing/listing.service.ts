import {
  MAX_PAGE_SIZE,
  type ItemSortKey,
  type Library,
  type LibraryItemsResponse,
  type ListedItem,
  type MinifiedLibraryItem,
} from '@shelfcast/contracts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { effectiveLimit, parseItemFilter, parseItemSort, type ItemFilter } from './listing-query.ts'
import type { ListingRepository, ListingSpec, PageOfIds } from './listing.repository.ts'

export interface ListItemsInput {
  limit?: number
  page?: number
  sort?: string
  desc?: boolean
  filter?: string
  collapseseries?: boolean
  minified?: boolean
  include: readonly string[]
}

/** GET /api/libraries/:id/items: parse, page in SQL, shape as minified JSON. */
export class ListingService {
  private readonly repo: ListingRepository
  private readonly items: ItemsService
  private readonly settings: SettingsService
  constructor(deps: { repo: ListingRepository; items: ItemsService; settings: SettingsService }) {
    this.repo = deps.repo
    this.items = deps.items
    this.settings = deps.settings
  }

  /** The parsed spec of a list query (also used by other lists that take the same filter language). */
  async spec(user: UserRecord, library: Library, q: Omit<ListItemsInput, 'include'>): Promise<ListingSpec> {
    const limit = effectiveLimit(q.limit, MAX_PAGE_SIZE, MAX_PAGE_SIZE)
    const page = q.page ?? 0
    const { sortingIgnorePrefix } = await this.settings.getServerSettings()
    return {
      libraryId: library.id,
      mediaType: library.mediaType,
      user,
      filter: parseItemFilter(q.filter),
      sort: parseItemSort(q.sort, library.mediaType),
      desc: q.desc ?? false,
      ignorePrefix: sortingIgnorePrefix,
      limit,
      offset: page * limit,
    }
  }

  /** One page of item ids of a list (for shelves): sort, optional parsed filter, access rule applied. */
  async pageIds(
    user: UserRecord,
    library: Library,
    q: { sort: ItemSortKey; desc: boolean; filter: ItemFilter | null; limit: number; offset?: number },
  ): Promise<PageOfIds> {
    const { sortingIgnorePrefix } = await this.settings.getServerSettings()
    return this.repo.page({
      libraryId: library.id,
      mediaType: library.mediaType,
      user,
      filter: q.filter,
      sort: q.sort,
      desc: q.desc,
      ignorePrefix: sortingIgnorePrefix,
      limit: q.limit,
      offset: q.offset ?? 0,
    })
  }

  /**
   * A page of minified items whatever `minified` says, as Audiobookshelf answers (its `minified` only echoes the
   * query): expanded items made a page of 50 several times larger and slower for clients that leave the flag out.
   */
  async list(user: UserRecord, library: Library, q: ListItemsInput): Promise<LibraryItemsResponse> {
    const spec = await this.spec(user, library, q)
    const minified = q.minified ?? false
    const seriesFilter = spec.filter?.group === 'series' || spec.filter?.group === 'no-series'
    const collapse = (q.collapseseries ?? false) && library.mediaType === 'book' && !seriesFilter
    let results: ListedItem[]
    let total: number
    if (collapse) {
      const page = await this.repo.collapsedPage(spec)
      total = page.total
      const info = await this.repo.collapsedSeries(
        spec,
        page.entries.flatMap((e) => (e.seriesId ? [e.seriesId] : [])),
      )
      // A series entry shows its first matching book (in sequence order).
      const shown = page.entries.flatMap((e) => {
        const s = e.seriesId ? info.get(e.seriesId) : undefined
        const id = s ? (e.id ?? s.books[0]?.id) : e.id
        return id ? [{ id, series: s }] : []
      })
      const ids = shown.map((e) => e.id)
      const json = await this.items.minified(ids)
      const byId = new Map(json.map((j) => [j.id, j]))
      results = shown.flatMap(({ id, series: s }) => {
        const item = byId.get(id)
        if (!item) return []
        if (!s) return [item]
        const collapsedSeries: NonNullable<MinifiedLibraryItem['collapsedSeries']> = {
          id: s.id,
          name: s.name,
          nameIgnorePrefix: s.nameIgnorePrefix,
          sequence: s.books.find((b) => b.id === item.id)?.sequence ?? null,
          numBooks: s.books.length,
          libraryItemIds: s.books.map((b) => b.id),
        }
        return [{ ...item, collapsedSeries }]
      })
    } else {
      const page = await this.repo.page(spec)
      total = page.total
      results = await this.items.minified(page.ids)
    }
    results = await this.items.withListIncludes(user, results, q.include)
    return {
      results,
      total,
      limit: spec.limit,
      page: q.page ?? 0,
      sortBy: q.sort,
      sortDesc: spec.desc,
      filterBy: q.filter,
      mediaType: library.mediaType,
      minified,
      collapseseries: collapse,
      include: q.include.join(','),
      offset: spec.offset,
    }
  }
}
