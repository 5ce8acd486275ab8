import type { Library } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { Config } from '../config/config.ts'
import type { DatabaseHandle } from '../db/connection.ts'
import { ScanSchedule } from '../jobs/scan-schedule.ts'
import type { TaskRunner } from '../jobs/task-runner.ts'
import type { LibrariesService } from '../modules/libraries/libraries.service.ts'
import type { SettingsService } from '../modules/settings/settings.service.ts'
import type { Realtime } from '../realtime/realtime.ts'
import { ScanRepository } from './scan.repository.ts'
import { ScanService } from './scan.service.ts'
import { LibraryWatcher } from './watcher.ts'

/** How often watchers and schedules are matched against the libraries (catches edits and deletions). */
const RECONCILE_INTERVAL_MS = 60_000

export interface ScannerModule {
  scans: ScanService
  watcher: LibraryWatcher
  schedule: ScanSchedule
  /** Matches watchers and schedules to the current libraries now. */
  reconcile(): Promise<void>
  /** Starts watchers and schedules for existing libraries. */
  start(): Promise<void>
  /** Stops everything and waits for running scans (before the database closes). */
  stop(): Promise<void>
}

/**
 * Wires the scanner into the server: the scan service, a watcher per library folder, cron schedules,
 * the first scan of a new library, and cancel_scan from admins' sockets.
 */
export function createScannerModule(deps: {
  config: Config
  database: DatabaseHandle
  libraries: LibrariesService
  settings: SettingsService
  tasks: TaskRunner
  realtime: Realtime
  clock: Clock
  log: Logger
}): ScannerModule {
  const log = deps.log.child({ module: 'scanner' })
  const scans = new ScanService({
    repo: new ScanRepository(deps.database.db),
    libraries: deps.libraries,
    settings: deps.settings,
    tasks: deps.tasks,
    realtime: deps.realtime,
    clock: deps.clock,
    log,
    metadataPath: deps.config.metadataPath,
    ffprobePath: deps.config.ffprobePath || null,
  })
  const watcher = new LibraryWatcher({
    log,
    rescan: (libraryId, paths) => scans.scanChangedPaths(libraryId, paths),
  })
  const schedule = new ScanSchedule({
    log,
    startScan: (libraryId) => scans.scanLibrary(libraryId).then((s) => s.done),
  })
  let timer: NodeJS.Timeout | null = null
  let stopped = false

  // The server setting "disable the folder watcher" turns every library's watcher off (as in Audiobookshelf).
  const watchable = async (libraries: readonly Library[]) =>
    (await deps.settings.getServerSettings()).scannerDisableWatcher ? [] : libraries

  const reconcile = async () => {
    if (stopped) return
    try {
      const libraries = await deps.libraries.all()
      watcher.sync(await watchable(libraries))
      schedule.sync(libraries)
    } catch (err) {
      log.warn({ err }, 'watchers could not be matched to libraries')
    }
  }

  deps.libraries.onCreated((library) => {
    if (stopped) return
    void reconcile()
    void scans
      .scanLibrary(library.id)
      .catch((err: unknown) => log.warn({ err, libraryId: library.id }, 'first scan failed'))
  })
  // Folder or schedule edits take effect at once; a deleted library's scan and watchers stop before its rows go.
  deps.libraries.onUpdated(() => void reconcile())
  deps.settings.onChange(() => void reconcile())
  deps.libraries.beforeRemove(async (library) => {
    await scans.stopLibrary(library.id)
    const rest = (await deps.libraries.all()).filter((l) => l.id !== library.id)
    watcher.sync(await watchable(rest))
    schedule.sync(rest)
  })
  deps.realtime.onClientEvent('cancel_scan', (user, payload) => {
    if (isAdminOrUp(user.type) && typeof payload === 'string') scans.cancel(payload)
  })

  return {
    scans,
    watcher,
    schedule,
    reconcile,
    async start() {
      await reconcile()
      timer = setInterval(() => void reconcile(), RECONCILE_INTERVAL_MS)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      schedule.close()
      await watcher.close()
      await scans.stop()
    },
  }
}
