import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/schema.ts'
import type { TaskRunner } from '../../jobs/task-runner.ts'
import type { GuardedFetcher } from '../../net/index.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { AuthorEditService } from '../authors/author-edit.service.ts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { ItemCoverService } from '../item-edit/item-cover.service.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { AuthorMatchService } from './author-match.service.ts'
import { CustomProvidersRepository } from './custom-providers.repository.ts'
import { CustomProvidersService } from './custom-providers.service.ts'
import { ItemMatchService } from './item-match.service.ts'
import { MatchRepository } from './match.repository.ts'
import { MetadataProviders, type MetadataProvidersOptions } from './provider-registry.ts'
import { ScanCoverFinder } from './scan-cover-finder.ts'

/** Metadata providers, custom providers, and matching of items and authors. */
export interface MetadataModule {
  providers: MetadataProviders
  customProviders: CustomProvidersService
  itemMatch: ItemMatchService
  authorMatch: AuthorMatchService
  /** "Find covers" for the items scans add. */
  scanCovers: ScanCoverFinder
}

export function createMetadataModule(deps: {
  db: Kysely<Database>
  fetcher: GuardedFetcher
  items: ItemsService
  libraries: LibrariesService
  itemEdit: ItemEditService
  itemCovers: ItemCoverService
  authors: AuthorsService
  authorEdit: AuthorEditService
  settings: SettingsService
  tasks: TaskRunner
  realtime: Realtime
  clock: Clock
  log: Logger
  options?: MetadataProvidersOptions
}): MetadataModule {
  const customProviders = new CustomProvidersService({
    repo: new CustomProvidersRepository(deps.db),
    realtime: deps.realtime,
    clock: deps.clock,
  })
  const providers = new MetadataProviders({
    fetcher: deps.fetcher,
    customs: customProviders,
    options: deps.options,
  })
  return {
    providers,
    customProviders,
    itemMatch: new ItemMatchService({ ...deps, repo: new MatchRepository(deps.db), providers }),
    authorMatch: new AuthorMatchService({ ...deps, audnexus: providers.audnexus }),
    scanCovers: new ScanCoverFinder({
      providers,
      itemCovers: deps.itemCovers,
      settings: deps.settings,
      log: deps.log.child({ module: 'scanner' }),
    }),
  }
}
