import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../config/config.ts'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { ItemsRepository } from './library-items/items.repository.ts'
import { registerItemsRoutes } from './library-items/items.routes.ts'
import { ItemsService } from './library-items/items.service.ts'
import { ListingRepository } from './listing/listing.repository.ts'
import { registerListingRoutes } from './listing/listing.routes.ts'
import { ListingService } from './listing/listing.service.ts'
import type { SettingsService } from './settings/settings.service.ts'

/** The read side of libraries: items, lists, filter data, series, authors, shelves, search. */
export interface Browse {
  items: ItemsService
  listing: ListingService
}

export function createBrowse(deps: { db: Kysely<Database>; config: Config; settings: SettingsService }): Browse {
  const items = new ItemsService({ repo: new ItemsRepository(deps.db), metadataPath: deps.config.metadataPath })
  const listing = new ListingService({ repo: new ListingRepository(deps.db), items, settings: deps.settings })
  return { items, listing }
}

export function registerBrowseRoutes(app: FastifyInstance, ctx: AppContext) {
  registerItemsRoutes(app, ctx)
  registerListingRoutes(app, ctx)
}
