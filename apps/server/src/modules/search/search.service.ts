import type { Library, SearchResponse } from '@shelfcast/contracts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SeriesService } from '../series/series.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { ftsQuery, matchesAll, searchTokens } from './search-text.ts'
import type { SearchRepository } from './search.repository.ts'

/**
 * Queries matching more items than this are not ranked (see search()): bm25 scores every hit, ~2 µs each,
 * and a broad query's best hits are its title matches, which are answered first anyway.
 */
const RANK_AT_MOST = 2500

/** Items read for the name groups before names are checked; bounds the work of short, common prefixes. */
const CANDIDATES = 120

/** The empty answer of a library's media type (Audiobookshelf's keys, in its order). */
const empty = (mediaType: Library['mediaType']): SearchResponse =>
  mediaType === 'podcast'
    ? { podcast: [], tags: [], genres: [], episodes: [] }
    : { book: [], narrators: [], tags: [], genres: [], series: [], authors: [] }

/** GET /api/libraries/:id/search: items, and the people, series, tags and genres named like the query. */
export class SearchService {
  private readonly repo: SearchRepository
  private readonly items: ItemsService
  private readonly series: SeriesService
  private readonly authors: AuthorsService
  constructor(deps: {
    repo: SearchRepository
    items: ItemsService
    series: SeriesService
    authors: AuthorsService
  }) {
    this.repo = deps.repo
    this.items = deps.items
    this.series = deps.series
    this.authors = deps.authors
  }

  /** Item hits expanded as in Audiobookshelf; minified when asked (`minified=1`) and for podcasts (every episode would come along). */
  async search(
    user: UserRecord,
    library: Library,
    q: string | undefined,
    limit: number,
    minified = false,
  ): Promise<SearchResponse> {
    const tokens = searchTokens(q)
    const out = empty(library.mediaType)
    if (tokens.length === 0) return out
    const lib = library.id
    // Ranking costs a score per hit: a query matching most of the index (one letter, "the") is not ranked;
    // its title matches come first, in index order, as Audiobookshelf answers every query.
    const broad = await this.repo.matchesMoreThan(ftsQuery(tokens), RANK_AT_MOST)
    let itemIds = await this.repo.items(
      user,
      lib,
      ftsQuery(tokens, broad ? 'title' : undefined),
      limit,
      !broad,
    )
    if (broad && itemIds.length < limit) {
      const more = await this.repo.items(user, lib, ftsQuery(tokens), limit, false)
      itemIds = [...new Set([...itemIds, ...more])].slice(0, limit)
    }
    const found =
      minified || library.mediaType === 'podcast'
        ? await this.items.minified(itemIds)
        : await this.items.expanded(itemIds)
    const hits = found.map((libraryItem) => ({ libraryItem }))

    // One pass over the name columns finds the items whose tags, genres, narrators, authors or series match.
    const named = await this.repo.items(
      user,
      lib,
      ftsQuery(tokens, ['tags', 'genres', 'narrators', 'authors', 'series']),
      CANDIDATES,
      false,
    )
    const facetValues = (await this.repo.facetValues(named)).filter((f) => matchesAll(f.value, tokens))
    const facet = async (kind: 'genre' | 'tag' | 'narrator') => {
      const values = facetValues.filter((f) => f.kind === kind).map((f) => f.value)
      const counts = await this.repo.facetCounts(user, lib, kind, values)
      return values
        .map((name) => ({ name, n: counts.get(name) ?? 0 }))
        .filter((v) => v.n > 0)
        .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
        .slice(0, limit)
    }
    out.tags = (await facet('tag')).map((v) => ({ name: v.name, numItems: v.n }))
    out.genres = (await facet('genre')).map((v) => ({ name: v.name, numItems: v.n }))

    if (library.mediaType === 'podcast') {
      out.podcast = hits
      const eps = await this.repo.episodes(user, lib, tokens, limit)
      const [podcasts, episodes] = await Promise.all([
        this.items
          .minified([...new Set(eps.map((e) => e.itemId))])
          .then((l) => new Map(l.map((i) => [i.id, i]))),
        this.items.episodesById(eps.map((e) => e.episodeId)),
      ])
      out.episodes = eps.flatMap((e) => {
        const libraryItem = podcasts.get(e.itemId)
        const episode = episodes.get(e.episodeId)
        return libraryItem && episode ? [{ libraryItem: { ...libraryItem, recentEpisode: episode } }] : []
      })
      return out
    }

    out.book = hits
    out.narrators = (await facet('narrator')).map((v) => ({ name: v.name, numBooks: v.n }))
    const authorIds = (await this.repo.authorIds(named))
      .filter((a) => matchesAll(a.name, tokens))
      .map((a) => a.id)
    out.authors = (await this.authors.byIds(user, authorIds))
      .filter((a) => a.numBooks > 0)
      .sort((a, b) => b.numBooks - a.numBooks || a.name.localeCompare(b.name))
      .slice(0, limit)
    const seriesIds = (await this.repo.seriesIds(named))
      .filter((s) => matchesAll(s.name, tokens))
      .map((s) => s.id)
      .slice(0, limit)
    const series = await this.series.withBooksByIds(user, seriesIds)
    const books = new Map(
      (await this.items.full([...new Set(series.flatMap((s) => s.books.map((b) => b.id)))])).map((b) => [
        b.id,
        b,
      ]),
    )
    out.series = series.map((s) => ({
      series: s.series,
      books: s.books.flatMap((b) => books.get(b.id) ?? []),
    }))
    return out
  }
}
