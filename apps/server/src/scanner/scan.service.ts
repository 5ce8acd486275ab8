import path from 'node:path'
import type { Library, LibraryFolder, ScanResults } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { TaskRunner } from '../jobs/task-runner.ts'
import type { LibrariesService } from '../modules/libraries/libraries.service.ts'
import type { SettingsService } from '../modules/settings/settings.service.ts'
import type { Realtime } from '../realtime/realtime.ts'
import { readEmbeddedPicture } from './audio-probe.ts'
import { readEbookInfo } from './ebook.ts'
import { ItemBuilder } from './item-builder.ts'
import { ItemEvents } from './item-events.ts'
import { LibraryScanner, type ScanCounts, type ScanRunOptions, type ScanScope } from './library-scanner.ts'
import { createLimiter } from './limiter.ts'
import { ScanLog, scanLogDir } from './scan-log.ts'
import { ProbePool } from './probe-pool.ts'
import type { SavedItem, ScanRepository } from './scan.repository.ts'
import { isInside } from './walk.ts'

export type ItemScanResult = 'UPDATED' | 'UPTODATE' | 'REMOVED' | 'NOTHING'

/** Files read at once: music-metadata reads ~2,100 mp3/s eight at a time against ~800/s one at a time. */
const PROBE_CONCURRENCY = 8

export interface ScanServiceDeps {
  repo: ScanRepository
  libraries: LibrariesService
  settings: SettingsService
  tasks: TaskRunner
  realtime: Realtime
  clock: Clock
  log: Logger
  metadataPath: string
  ffprobePath: string | null
}

interface RunningScan {
  cancelled: boolean
  done: Promise<ScanResults | null>
}

/** "3 added, 1 updated (2s)" like Audiobookshelf's scan result line. */
function describeResults(counts: ScanCounts, elapsedMs: number): string {
  const parts: string[] = []
  if (counts.added) parts.push(`${counts.added} added`)
  if (counts.updated) parts.push(`${counts.updated} updated`)
  if (counts.missing) parts.push(`${counts.missing} missing`)
  const seconds = elapsedMs < 1000 ? `${elapsedMs}ms` : `${Math.round(elapsedMs / 100) / 10}s`
  return `${parts.length ? parts.join(', ') : 'No changes detected'} (${seconds})`
}

/**
 * Scans as the rest of the server sees them: library scans as cancellable tasks (one per library at a
 * time), item rescans, watcher and cron triggered path scans; results go out as item events.
 */
export class ScanService {
  private readonly deps: ScanServiceDeps
  private readonly scanner: LibraryScanner
  private readonly events: ItemEvents
  private readonly running = new Map<string, RunningScan>()
  /** Per library, the tail of its queue: scans of one library never overlap. */
  private readonly locks = new Map<string, Promise<unknown>>()
  private stopped = false
  /** Audio files read so far (tests prove unchanged items are not read again). */
  readonly probeCounter = { count: 0 }
  readonly pool: ProbePool
  /** Test hook: how directories are opened (simulates unreadable folders when running as root). */
  readdir: ScanRunOptions['readdir'] = undefined
  /** Work on the items a scan added, before it ends ("Find covers"); its failures never fail the scan. */
  private afterAdded: ((items: SavedItem[], cancelled: () => boolean) => Promise<void>) | null = null

  constructor(deps: ScanServiceDeps) {
    this.deps = deps
    const limit = createLimiter(PROBE_CONCURRENCY)
    this.pool = new ProbePool({ ffprobePath: deps.ffprobePath, log: deps.log })
    const builder = new ItemBuilder({
      probe: (file) =>
        limit(() => {
          this.probeCounter.count++
          return this.pool.probe(file.path, file.size)
        }),
      readEbook: (file, wantCover) => readEbookInfo(file, { wantCover }),
      readEmbeddedPicture: (file, maxBytes) => limit(() => readEmbeddedPicture(file, maxBytes)),
      log: deps.log,
    })
    this.scanner = new LibraryScanner({
      repo: deps.repo,
      builder,
      clock: deps.clock,
      log: deps.log,
      metadataPath: deps.metadataPath,
    })
    this.events = new ItemEvents(deps.realtime)
  }

  private withLock<T>(libraryId: string, work: () => Promise<T>): Promise<T> {
    const tail = this.locks.get(libraryId) ?? Promise.resolve()
    const run = tail.then(work, work)
    const settled = run.then(
      () => undefined,
      () => undefined,
    )
    this.locks.set(libraryId, settled)
    void settled.then(() => {
      if (this.locks.get(libraryId) === settled) this.locks.delete(libraryId)
    })
    return run
  }

  private async library(libraryId: string): Promise<Library | null> {
    return (await this.deps.libraries.all()).find((l) => l.id === libraryId) ?? null
  }

  private async runScopes(
    library: Library,
    scopes: ScanScope[],
    force: boolean,
    cancelled: () => boolean,
    onProgress?: (p: number) => void,
    log?: Logger,
  ) {
    const { sortingPrefixes, scannerParseSubtitle } = await this.deps.settings.getServerSettings()
    const addedItems: SavedItem[] = []
    const counts = await this.scanner.run(
      library,
      scopes,
      sortingPrefixes,
      {
        force,
        log,
        parseSubtitle: scannerParseSubtitle,
        cancelled: () => cancelled() || this.stopped,
        readdir: this.readdir,
        onProgress: onProgress
          ? (done, total) => onProgress(total === 0 ? 100 : (done / total) * 100)
          : undefined,
        onSaved: (added, updated, authors) => {
          addedItems.push(...added)
          this.events.added(added)
          this.events.updated(updated)
          void this.events
            .authorsChanged(library.id, authors, (ids) => this.deps.repo.authorBookCounts(ids))
            .catch((err: unknown) => this.deps.log.warn({ err }, 'author events failed'))
        },
        onSeriesRemoved: (ids) => this.events.seriesRemoved(library.id, ids),
        onFlagged: (ids) => {
          void this.deps.repo
            .loadItems(ids)
            .then((items) => this.events.updated(items))
            .catch((err: unknown) => this.deps.log.warn({ err }, 'item events failed'))
        },
      },
      this.probeCounter,
    )
    if (this.afterAdded && addedItems.length > 0) {
      try {
        await this.afterAdded(addedItems, () => cancelled() || this.stopped)
      } catch (err) {
        this.deps.log.warn({ err, libraryId: library.id }, 'work on added items failed')
      }
    }
    return counts
  }

  /** Sets the work done on the items each scan adds (the metadata module's cover search). */
  onItemsAdded(work: (items: SavedItem[], cancelled: () => boolean) => Promise<void>) {
    this.afterAdded = work
  }

  isScanning(libraryId: string) {
    return this.running.has(libraryId)
  }

  /**
   * Starts a full scan of a library as a task. A second request while one runs joins it
   * (`already-scanning`) instead of starting another.
   */
  async scanLibrary(
    libraryId: string,
    opts: { force?: boolean } = {},
  ): Promise<{ status: 'started' | 'already-scanning'; done: Promise<ScanResults | null> }> {
    const existing = this.running.get(libraryId)
    if (existing) return { status: 'already-scanning', done: existing.done }
    const library = await this.library(libraryId)
    if (!library) return { status: 'started', done: Promise.resolve(null) }
    const again = this.running.get(libraryId)
    if (again) return { status: 'already-scanning', done: again.done }

    const state: RunningScan = { cancelled: false, done: Promise.resolve(null) }
    this.running.set(libraryId, state)
    const task = this.deps.tasks.start({
      action: 'library-scan',
      title: `Scanning "${library.name}"`,
      titleKey: 'MessageTaskScanningLibrary',
      titleSubs: [library.name],
      data: { libraryId, libraryName: library.name, libraryMediaType: library.mediaType },
    })
    const started = this.deps.clock()
    // The scan's lines also go to a file of its own (logs/scans), the newest loggerScannerLogsToKeep kept.
    const scanLog = new ScanLog(this.deps.log, { module: 'scanner', libraryId })
    const log = scanLog.log
    state.done = this.withLock(libraryId, async () => {
      try {
        log.info({ libraryName: library.name, force: opts.force ?? false }, 'library scan started')
        const counts = await this.runScopes(
          library,
          library.folders.map((folder) => ({ folder, relPaths: [''] })),
          opts.force ?? false,
          () => state.cancelled,
          (p) => task.progress(p),
          log,
        )
        const elapsed = this.deps.clock() - started
        const scanResults: ScanResults = {
          added: counts.added,
          updated: counts.updated,
          missing: counts.missing,
          elapsed,
        }
        if (state.cancelled || this.stopped) {
          log.info({ ...scanResults }, 'library scan canceled')
          task.finish({ description: 'Canceled by user', error: 'Canceled by user', data: { scanResults } })
          return null
        }
        await this.deps.libraries.markScanned(libraryId, this.deps.clock())
        task.finish({ description: describeResults(counts, elapsed), data: { scanResults } })
        log.info(
          { ...scanResults, unchanged: counts.unchanged, filesProbed: counts.filesProbed },
          'library scan finished',
        )
        return scanResults
      } catch (err) {
        log.error({ err }, 'library scan failed')
        task.finish({ error: 'Scan failed', description: 'Scan failed', failed: true })
        // Admins hear of it wherever they are in the app, not only in the tasks widget (spec §7 admin_message).
        this.deps.realtime.toAdmins('admin_message', `Scan of "${library.name}" failed`)
        return null
      } finally {
        this.running.delete(libraryId)
        await this.saveScanLog(libraryId, scanLog)
        if (this.running.size === 0) await this.pool.release()
      }
    })
    return { status: 'started', done: state.done }
  }

  private async saveScanLog(libraryId: string, scanLog: ScanLog) {
    try {
      const { loggerScannerLogsToKeep } = await this.deps.settings.getServerSettings()
      await scanLog.save(scanLogDir(this.deps.metadataPath, libraryId), loggerScannerLogsToKeep)
    } catch (err) {
      // A full or read-only disk costs the scan its log file, never its result.
      this.deps.log.warn({ err, libraryId }, 'scan log could not be saved')
    }
  }

  /** Cancels a running library scan (socket cancel_scan). Items saved so far stay. */
  cancel(libraryId: string): boolean {
    const state = this.running.get(libraryId)
    if (!state) return false
    state.cancelled = true
    return true
  }

  /** Rescans one item's folder (or file); null when there is no such item. */
  async scanItem(itemId: string): Promise<ItemScanResult | null> {
    const item = await this.deps.repo.findItem(itemId)
    if (!item) return null
    const library = await this.library(item.libraryId)
    const folder = library?.folders.find((f) => f.id === item.folderId)
    if (!library || !folder) return 'NOTHING'
    const counts = await this.withLock(library.id, () =>
      this.runScopes(library, [{ folder, relPaths: [item.relPath] }], false, () => false),
    )
    const now = await this.deps.repo.findItem(itemId)
    if (now?.isMissing) return item.isMissing ? 'NOTHING' : 'REMOVED'
    return counts.added + counts.updated > 0 ? 'UPDATED' : 'UPTODATE'
  }

  /** Rescans several items as one scan-item task per library. */
  async scanItems(itemIds: readonly string[]): Promise<Record<string, ItemScanResult>> {
    const results: Record<string, ItemScanResult> = {}
    const task = this.deps.tasks.start({
      action: 'scan-item',
      title: `Scanning ${itemIds.length} items`,
      titleKey: 'MessageTaskScanningItems',
      titleSubs: [String(itemIds.length)],
      data: {},
    })
    try {
      let done = 0
      for (const id of itemIds) {
        results[id] = (await this.scanItem(id)) ?? 'NOTHING'
        task.progress((++done / itemIds.length) * 100)
      }
      task.finish({ description: `${Object.values(results).filter((r) => r === 'UPDATED').length} updated` })
    } catch (err) {
      this.deps.log.error({ err }, 'batch item scan failed')
      task.finish({ error: 'Scan failed', failed: true })
      throw err
    }
    return results
  }

  /**
   * Rescans what changed under a library folder (watcher, POST /api/watcher/update): each changed path
   * is widened to the nearest known item above it, else its top-level folder, so new, moved and removed
   * items are found without a full scan.
   */
  async scanChangedPaths(libraryId: string, absolutePaths: readonly string[]): Promise<ScanCounts | null> {
    const library = await this.library(libraryId)
    if (!library) return null
    const byFolder = new Map<string, { folder: LibraryFolder; rel: string[] }>()
    for (const abs of absolutePaths) {
      const folder = library.folders.find((f) => isInside(f.fullPath, abs))
      if (!folder) continue
      const rel = path.relative(folder.fullPath, abs).split(path.sep).join('/')
      const entry = byFolder.get(folder.id) ?? { folder, rel: [] }
      entry.rel.push(rel)
      byFolder.set(folder.id, entry)
    }
    if (byFolder.size === 0) return null
    return this.withLock(libraryId, async () => {
      const index = await this.deps.repo.itemIndex(libraryId)
      const scopes: ScanScope[] = [...byFolder.values()].map(({ folder, rel }) => {
        const known = new Set(index.filter((e) => e.folderId === folder.id).map((e) => e.relPath))
        const relPaths = rel.map((r) => {
          for (let p = r; p !== ''; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') {
            if (known.has(p)) return p
          }
          return r.split('/')[0] ?? ''
        })
        return { folder, relPaths }
      })
      return this.runScopes(library, scopes, false, () => false)
    })
  }

  /** Cancels this library's scan and waits until nothing of it runs (before the library is deleted). */
  async stopLibrary(libraryId: string): Promise<void> {
    this.cancel(libraryId)
    await this.locks.get(libraryId)?.catch(() => undefined)
  }

  /** Cancels running scans and waits for them (app close): nothing writes after the database closes. */
  async stop() {
    this.stopped = true
    for (const s of this.running.values()) s.cancelled = true
    await Promise.allSettled([...this.locks.values()])
    await this.pool.close()
  }
}
