import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import type { DatabaseHandle } from '../../db/connection.ts'
import type { TaskRunner } from '../../jobs/task-runner.ts'
import type { GuardedFetcher } from '../../net/index.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ScanRepository } from '../../scanner/scan.repository.ts'
import type { ScannerModule } from '../../scanner/scanner-module.ts'
import type { Browse } from '../browse.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { NotificationSink } from '../notifications/notification-events.ts'
import type { SettingsService } from '../settings/settings.service.ts'

/** What the podcast modules (subscriptions and episodes; downloads and schedules) are built from. */
export interface PodcastDeps {
  config: Config
  database: DatabaseHandle
  fetcher: GuardedFetcher
  libraries: LibrariesService
  browse: Browse
  scanRepo: ScanRepository
  scanner: ScannerModule
  itemEdit: ItemEditService
  settings: SettingsService
  tasks: TaskRunner
  realtime: Realtime
  clock: Clock
  log: Logger
  /** Fires episode downloaded / download failed notifications. */
  notify?: NotificationSink
}
