import type { Library, MinifiedLibraryItem, Shelf, ShelfItem } from '@shelfcast/contracts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { ListingService } from '../listing/listing.service.ts'
import { seriesListJson, type SeriesService } from '../series/series.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { PersonalizedRepository, ProgressHit } from './personalized.repository.ts'

const labels = {
  'continue-listening': ['Continue Listening', 'LabelContinueListening'],
  'continue-reading': ['Continue Reading', 'LabelContinueReading'],
  'continue-series': ['Continue Series', 'LabelContinueSeries'],
  'recently-added': ['Recently Added', 'LabelRecentlyAdded'],
  'recent-series': ['Recent Series', 'LabelRecentSeries'],
  discover: ['Discover', 'LabelDiscover'],
  'listen-again': ['Listen Again', 'LabelListenAgain'],
  'read-again': ['Read Again', 'LabelReadAgain'],
  'newest-authors': ['Newest Authors', 'LabelNewestAuthors'],
  'newest-episodes': ['Newest Episodes', 'LabelNewestEpisodes'],
} as const
type ShelfId = keyof typeof labels

function shelf<T extends Shelf['type']>(
  id: ShelfId,
  type: T,
  entities: Extract<Shelf, { type: T }>['entities'],
  total: number,
): Shelf {
  const [label, labelStringKey] = labels[id]
  return { id, label, labelStringKey, type, entities, total } as Shelf
}

/** GET /api/libraries/:id/personalized: the home shelves of a user, empty ones left out. */
export class PersonalizedService {
  private readonly repo: PersonalizedRepository
  private readonly items: ItemsService
  private readonly listing: ListingService
  private readonly series: SeriesService
  private readonly authors: AuthorsService
  constructor(deps: {
    repo: PersonalizedRepository
    items: ItemsService
    listing: ListingService
    series: SeriesService
    authors: AuthorsService
  }) {
    this.repo = deps.repo
    this.items = deps.items
    this.listing = deps.listing
    this.series = deps.series
    this.authors = deps.authors
  }

  /** Minified JSON of every item the shelves show, read at once (one set of queries instead of one per shelf). */
  private async itemJson(ids: readonly string[]): Promise<Map<string, MinifiedLibraryItem>> {
    return new Map((await this.items.minified([...new Set(ids)])).map((i) => [i.id, i]))
  }

  /** The items of a progress shelf in its order; the minified item alone, as Audiobookshelf sends it. */
  private static withProgress(
    json: ReadonlyMap<string, MinifiedLibraryItem>,
    hits: readonly ProgressHit[],
  ): ShelfItem[] {
    return PersonalizedService.plain(
      json,
      hits.map((h) => h.itemId),
    )
  }

  private static plain(json: ReadonlyMap<string, MinifiedLibraryItem>, ids: readonly string[]): ShelfItem[] {
    return ids.flatMap((id) => json.get(id) ?? [])
  }

  private async withEpisodes(
    hits: readonly { itemId: string; episodeId: string; lastUpdate?: number }[],
  ): Promise<ShelfItem[]> {
    const [json, episodes] = await Promise.all([
      this.items
        .minified([...new Set(hits.map((h) => h.itemId))])
        .then((list) => new Map(list.map((i) => [i.id, i]))),
      this.items.episodesById(hits.map((h) => h.episodeId)),
    ])
    return hits.flatMap((h) => {
      const item: MinifiedLibraryItem | undefined = json.get(h.itemId)
      const episode = episodes.get(h.episodeId)
      if (!item || !episode) return []
      return [
        {
          ...item,
          recentEpisode: episode,
          ...(h.lastUpdate !== undefined ? { progressLastUpdate: h.lastUpdate } : {}),
        },
      ]
    })
  }

  async shelves(user: UserRecord, library: Library, limit: number): Promise<Shelf[]> {
    const out =
      library.mediaType === 'podcast'
        ? await this.podcastShelves(user, library, limit)
        : await this.bookShelves(user, library, limit)
    return out.filter((s) => s.entities.length > 0)
  }

  private async bookShelves(user: UserRecord, library: Library, limit: number): Promise<Shelf[]> {
    const lib = library.id
    const listening = await this.repo.progress(user, lib, 'continue-listening', limit)
    const reading = await this.repo.progress(user, lib, 'continue-reading', limit)
    const next = await this.repo.continueSeries(user, lib, {
      onlyLater: library.settings.onlyShowLaterBooksInContinueSeries,
      hidden: user.seriesHideFromContinueListening,
    })
    const recent = await this.listing.pageIds(user, library, {
      sort: 'addedAt',
      desc: true,
      filter: null,
      limit,
    })
    const recentSeries = await this.repo.recentSeriesIds(
      user,
      lib,
      limit,
      library.settings.hideSingleBookSeries ? 2 : 1,
    )
    const discover = await this.listing.pageIds(user, library, {
      sort: 'random',
      desc: false,
      filter: { group: 'progress', value: 'not-started' },
      limit,
    })
    const listenAgain = await this.repo.progress(user, lib, 'listen-again', limit)
    const readAgain = await this.repo.progress(user, lib, 'read-again', limit)
    const authors = await this.repo.newestAuthorIds(user, lib, limit)

    const continueSeries = next
      .slice(0, limit)
      .map((n) => ({ itemId: n.next, episodeId: '', lastUpdate: n.lu }))
    const progressShelves = [listening.rows, reading.rows, continueSeries, listenAgain.rows, readAgain.rows]
    const json = await this.itemJson([
      ...progressShelves.flat().map((h) => h.itemId),
      ...recent.ids,
      ...discover.ids,
    ])
    const withProgress = (hits: readonly ProgressHit[]) => PersonalizedService.withProgress(json, hits)
    // Each Continue Series book names its series (as Audiobookshelf's `series`), so a client can hide that series.
    const withSeries = (items: ShelfItem[], of: readonly { next: string; sid: string; name: string }[]) => {
      const byItem = new Map(of.map((n) => [n.next, { id: n.sid, name: n.name }]))
      return items.map((item) => {
        const series = byItem.get(item.id)
        return series ? { ...item, series } : item
      })
    }
    return [
      shelf('continue-listening', 'book', withProgress(listening.rows), listening.total),
      shelf('continue-reading', 'book', withProgress(reading.rows), reading.total),
      shelf('continue-series', 'book', withSeries(withProgress(continueSeries), next), next.length),
      shelf('recently-added', 'book', PersonalizedService.plain(json, recent.ids), recent.total),
      shelf(
        'recent-series',
        'series',
        (await this.series.withBooksByIds(user, recentSeries)).map((s) => seriesListJson(s, [])),
        await this.repo.seriesCount(lib),
      ),
      shelf('discover', 'book', PersonalizedService.plain(json, discover.ids), discover.total),
      shelf('listen-again', 'book', withProgress(listenAgain.rows), listenAgain.total),
      shelf('read-again', 'book', withProgress(readAgain.rows), readAgain.total),
      // Audiobookshelf's author entity: the count, no `lastFirst`.
      shelf(
        'newest-authors',
        'authors',
        (await this.authors.byIds(user, authors.ids)).map(({ lastFirst: _lastFirst, ...author }) => author),
        authors.total,
      ),
    ]
  }

  private async podcastShelves(user: UserRecord, library: Library, limit: number): Promise<Shelf[]> {
    const lib = library.id
    const listening = await this.repo.progress(user, lib, 'episodes-listening', limit)
    const newest = await this.repo.newestEpisodes(user, lib, limit)
    const recent = await this.listing.pageIds(user, library, {
      sort: 'addedAt',
      desc: true,
      filter: null,
      limit,
    })
    const again = await this.repo.progress(user, lib, 'episodes-again', limit)
    return [
      shelf('continue-listening', 'episode', await this.withEpisodes(listening.rows), listening.total),
      shelf('newest-episodes', 'episode', await this.withEpisodes(newest.rows), newest.total),
      shelf('recently-added', 'podcast', await this.items.minified(recent.ids), recent.total),
      shelf('listen-again', 'episode', await this.withEpisodes(again.rows), again.total),
    ]
  }
}
