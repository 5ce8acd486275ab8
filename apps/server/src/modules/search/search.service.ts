import type { Library, MinifiedLibraryItem, SearchItemHit, SearchResponse } from '@shelfcast/contracts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SeriesService } from '../series/series.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { ftsQuery, matchesAll, matchesAny, searchTokens } from './search-text.ts'
import type { SearchRepository } from './search.repository.ts'

/** Hits read per group before names are checked; bounds the work of short, common prefixes. */
const CANDIDATES = 200

const empty = (): SearchResponse => ({ book: [], podcast: [], episodes: [], narrators: [], tags: [], genres: [], series: [], authors: [] })

/** Which field of an item the query matched, and its text (Audiobookshelf's matchKey / matchText). */
export function whatMatched(item: MinifiedLibraryItem, tokens: readonly string[]): Pick<SearchItemHit, 'matchKey' | 'matchText'> {
  const m = item.media.metadata as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const names = (v: unknown) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : text((x as { name?: unknown }).name) ?? '')).join(', ') : null)
  const fields: [SearchItemHit['matchKey'], string | null][] = [
    ['title', text(m.title)],
    ['subtitle', text(m.subtitle)],
    ['authors', names(m.authors)],
    ['author', text(m.author)],
    ['narrators', names(m.narrators)],
    ['series', names(m.series)],
    ['tags', item.media.tags.join(', ')],
    ['genres', names(m.genres)],
    ['isbn', text(m.isbn)],
    ['asin', text(m.asin)],
  ]
  const all = fields.find(([, v]) => matchesAll(v, tokens))
  const any = fields.find(([, v]) => matchesAny(v, tokens))
  const [matchKey, matchText] = all ?? any ?? ['title', text(m.title)]
  return { matchKey, matchText: matchText ?? '' }
}

/** GET /api/libraries/:id/search: items, and the people, series, tags and genres named like the query. */
export class SearchService {
  private readonly repo: SearchRepository
  private readonly items: ItemsService
  private readonly series: SeriesService
  private readonly authors: AuthorsService
  constructor(deps: { repo: SearchRepository; items: ItemsService; series: SeriesService; authors: AuthorsService }) {
    this.repo = deps.repo
    this.items = deps.items
    this.series = deps.series
    this.authors = deps.authors
  }

  async search(user: UserRecord, library: Library, q: string | undefined, limit: number): Promise<SearchResponse> {
    const tokens = searchTokens(q)
    const out = empty()
    if (tokens.length === 0) return out
    const lib = library.id
    // One-letter words match most of a library: rank those on titles alone.
    const broad = tokens.every((t) => t.length < 2)
    const itemIds = await this.repo.items(user, lib, ftsQuery(tokens, broad ? 'title' : undefined), limit, true)
    const hits = (await this.items.minified(itemIds)).map((libraryItem) => ({ libraryItem, ...whatMatched(libraryItem, tokens) }))

    const facet = async (kind: 'genre' | 'tag' | 'narrator', column: 'genres' | 'tags' | 'narrators') => {
      const ids = await this.repo.items(user, lib, ftsQuery(tokens, column), CANDIDATES, false)
      const values = (await this.repo.facetValues(kind, ids)).filter((v) => matchesAll(v, tokens))
      const counts = await this.repo.facetCounts(user, lib, kind, values)
      return values
        .map((name) => ({ name, n: counts.get(name) ?? 0 }))
        .filter((v) => v.n > 0)
        .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
        .slice(0, limit)
    }
    out.tags = (await facet('tag', 'tags')).map((v) => ({ name: v.name, numItems: v.n }))
    out.genres = (await facet('genre', 'genres')).map((v) => ({ name: v.name, numItems: v.n }))

    if (library.mediaType === 'podcast') {
      out.podcast = hits
      const eps = await this.repo.episodes(user, lib, tokens, limit)
      const [podcasts, episodes] = await Promise.all([
        this.items.minified([...new Set(eps.map((e) => e.itemId))]).then((l) => new Map(l.map((i) => [i.id, i]))),
        this.items.episodesById(eps.map((e) => e.episodeId)),
      ])
      out.episodes = eps.flatMap((e) => {
        const libraryItem = podcasts.get(e.itemId)
        const episode = episodes.get(e.episodeId)
        return libraryItem && episode ? [{ libraryItem: { ...libraryItem }, episode, matchKey: 'episode' as const, matchText: e.title }] : []
      })
      return out
    }

    out.book = hits
    out.narrators = (await facet('narrator', 'narrators')).map((v) => ({ name: v.name, numBooks: v.n }))
    const authorIds = (await this.repo.authorIds(await this.repo.items(user, lib, ftsQuery(tokens, 'authors'), CANDIDATES, false)))
      .filter((a) => matchesAll(a.name, tokens))
      .map((a) => a.id)
    out.authors = (await this.authors.byIds(user, authorIds))
      .filter((a) => a.numBooks > 0)
      .sort((a, b) => b.numBooks - a.numBooks || a.name.localeCompare(b.name))
      .slice(0, limit)
    const seriesIds = (await this.repo.seriesIds(await this.repo.items(user, lib, ftsQuery(tokens, 'series'), CANDIDATES, false)))
      .filter((s) => matchesAll(s.name, tokens))
      .map((s) => s.id)
      .slice(0, limit)
    out.series = (await this.series.withBooksByIds(user, seriesIds)).map((s) => ({
      series: { id: s.id, name: s.name, nameIgnorePrefix: s.nameIgnorePrefix, description: s.description, libraryId: s.libraryId, addedAt: s.addedAt, updatedAt: s.updatedAt },
      books: s.books,
    }))
    return out
  }
}
