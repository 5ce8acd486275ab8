import type { FastifyInstance } from 'fastify'
import type BetterSqlite3 from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import type { Config } from '../config/config.ts'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { WriteVersions } from '../db/write-versions.ts'
import { AnswerCache } from '../http/answer-cache.ts'
import { AuthorsRepository } from './authors/authors.repository.ts'
import { registerAuthorsRoutes } from './authors/authors.routes.ts'
import { AuthorsService } from './authors/authors.service.ts'
import { registerFilesystemRoutes } from './filesystem/filesystem.routes.ts'
import { FilterDataRepository } from './filter-data/filter-data.repository.ts'
import { registerFilterDataRoutes } from './filter-data/filter-data.routes.ts'
import { FilterDataService } from './filter-data/filter-data.service.ts'
import { FeedLookup } from './feeds/feed-lookup.ts'
import { FeedsRepository } from './feeds/feeds.repository.ts'
import { ItemsRepository } from './library-items/items.repository.ts'
import { registerItemsRoutes } from './library-items/items.routes.ts'
import { ItemsService } from './library-items/items.service.ts'
import { LibraryStatsRepository } from './library-stats/library-stats.repository.ts'
import { registerLibraryStatsRoutes } from './library-stats/library-stats.routes.ts'
import { LibraryStatsService } from './library-stats/library-stats.service.ts'
import { ListingRepository } from './listing/listing.repository.ts'
import { registerListingRoutes } from './listing/listing.routes.ts'
import { ListingService } from './listing/listing.service.ts'
import { PersonalizedRepository } from './personalized/personalized.repository.ts'
import { registerPersonalizedRoutes } from './personalized/personalized.routes.ts'
import { PersonalizedService } from './personalized/personalized.service.ts'
import { SearchRepository } from './search/search.repository.ts'
import { registerSearchRoutes } from './search/search.routes.ts'
import { SearchService } from './search/search.service.ts'
import { SeriesRepository } from './series/series.repository.ts'
import { registerSeriesRoutes } from './series/series.routes.ts'
import { SeriesService } from './series/series.service.ts'
import type { SettingsService } from './settings/settings.service.ts'

/** The read side of libraries: items, lists, filter data, series, authors, shelves, search, stats. */
export interface Browse {
  items: ItemsService
  /** The open feeds of items, collections and series (include=rssfeed). */
  feeds: FeedLookup
  listing: ListingService
  filterData: FilterDataService
  series: SeriesService
  authors: AuthorsService
  personalized: PersonalizedService
  search: SearchService
  stats: LibraryStatsService
  /** Finished answers of item pages, search, series and authors lists and shelves. */
  answers: AnswerCache
}

export function createBrowse(deps: {
  db: Kysely<Database>
  sqlite: BetterSqlite3.Database
  config: Config
  settings: SettingsService
  clock: Clock
}): Browse {
  const { db, settings } = deps
  const metadataPath = deps.config.metadataPath
  const feeds = new FeedLookup(new FeedsRepository(db))
  const items = new ItemsService({ repo: new ItemsRepository(db), metadataPath, feeds })
  const listing = new ListingService({ repo: new ListingRepository(db), items, settings })
  const series = new SeriesService({ repo: new SeriesRepository(db), items, settings, feeds })
  const authors = new AuthorsService({ repo: new AuthorsRepository(db), items, metadataPath })
  return {
    items,
    feeds,
    listing,
    filterData: new FilterDataService({ repo: new FilterDataRepository(db), db, clock: deps.clock }),
    series,
    authors,
    personalized: new PersonalizedService({
      repo: new PersonalizedRepository(db),
      items,
      listing,
      series,
      authors,
    }),
    search: new SearchService({ repo: new SearchRepository(db), items, series, authors }),
    stats: new LibraryStatsService({ repo: new LibraryStatsRepository(db), db }),
    answers: new AnswerCache(WriteVersions.install(deps.sqlite)),
  }
}

export function registerBrowseRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'podcastDownloads'>,
) {
  registerItemsRoutes(app, ctx)
  registerListingRoutes(app, ctx)
  registerFilterDataRoutes(app, ctx)
  registerSeriesRoutes(app, ctx)
  registerAuthorsRoutes(app, ctx)
  registerPersonalizedRoutes(app, ctx)
  registerSearchRoutes(app, ctx)
  registerLibraryStatsRoutes(app, ctx)
  registerFilesystemRoutes(app)
}
