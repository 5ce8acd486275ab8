import fs from 'node:fs'
import path from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { Library } from '@shelfcast/contracts'
import type { Logger } from 'pino'

/** Quiet period after the last change before the touched items are rescanned (copies arrive in bursts). */
export const WATCH_DEBOUNCE_MS = 1500

export interface WatcherDeps {
  /** Rescans the touched paths of a library (absolute paths). */
  rescan(libraryId: string, paths: string[]): Promise<unknown>
  log: Logger
  debounceMs?: number
}

interface LibraryWatch {
  signature: string
  watchers: FSWatcher[]
  pending: Set<string>
  timer: NodeJS.Timeout | null
  ready: Promise<void>
  /** A rescan in progress: changes arriving meanwhile wait for the next round. */
  flushing: Promise<void> | null
}

/** Dot-files and dot-folders never matter to the scanner; the watcher ignores them too. */
const ignored = (p: string) => path.basename(p).startsWith('.') && path.basename(p) !== '.ignore'

/**
 * One chokidar watcher per library folder (unless the library disables it). Changes are collected and,
 * after a quiet period, the touched paths are rescanned: only the items they belong to, never the library.
 * Folders that vanish or cannot be watched are logged; the server goes on.
 */
export class LibraryWatcher {
  private readonly deps: WatcherDeps
  private readonly libraries = new Map<string, LibraryWatch>()
  private closed = false
  /** Quiet period before a rescan (tests shorten it). */
  debounceMs: number
  constructor(deps: WatcherDeps) {
    this.deps = deps
    this.debounceMs = deps.debounceMs ?? WATCH_DEBOUNCE_MS
  }

  /** Starts, restarts or stops watchers so they match the given libraries. */
  sync(libraries: readonly Library[]) {
    if (this.closed) return
    const wanted = new Map<string, Library>()
    for (const lib of libraries) if (!lib.settings.disableWatcher) wanted.set(lib.id, lib)
    for (const [id, w] of this.libraries) {
      const lib = wanted.get(id)
      if (!lib || signatureOf(lib) !== w.signature) void this.unwatch(id)
    }
    for (const lib of wanted.values()) if (!this.libraries.has(lib.id)) this.watchLibrary(lib)
  }

  private watchLibrary(lib: Library) {
    const entry: LibraryWatch = { signature: signatureOf(lib), watchers: [], pending: new Set(), timer: null, ready: Promise.resolve(), flushing: null }
    const readies: Promise<void>[] = []
    for (const folder of lib.folders) {
      if (!fs.existsSync(folder.fullPath)) {
        this.deps.log.warn({ libraryId: lib.id, folder: folder.fullPath }, 'library folder does not exist, not watched')
        continue
      }
      const watcher = watch(folder.fullPath, {
        ignoreInitial: true,
        followSymlinks: false,
        ignored,
        depth: 24,
        // Large files are written for a while: wait until their size settles before reading them.
        awaitWriteFinish: { stabilityThreshold: 500, pollInterval: 100 },
      })
      const onChange = (p: string) => this.touch(lib.id, p)
      watcher.on('add', onChange)
      watcher.on('addDir', onChange)
      watcher.on('change', onChange)
      watcher.on('unlink', onChange)
      watcher.on('unlinkDir', onChange)
      watcher.on('error', (err) => this.deps.log.warn({ err, libraryId: lib.id, folder: folder.fullPath }, 'watcher error'))
      readies.push(new Promise<void>((resolve) => watcher.once('ready', () => resolve())))
      entry.watchers.push(watcher)
    }
    entry.ready = Promise.all(readies).then(() => undefined)
    this.libraries.set(lib.id, entry)
  }

  /** Resolves once every watcher of the library has finished its initial pass (tests). */
  async whenReady(libraryId: string) {
    await this.libraries.get(libraryId)?.ready
  }

  /** Records a changed path (also used by POST /api/watcher/update) and (re)starts the quiet period. */
  touch(libraryId: string, absolutePath: string) {
    const entry = this.libraries.get(libraryId)
    if (!entry || this.closed) return false
    entry.pending.add(absolutePath)
    if (entry.timer) clearTimeout(entry.timer)
    entry.timer = setTimeout(() => void this.flush(libraryId), this.debounceMs)
    entry.timer.unref()
    return true
  }

  isWatching(libraryId: string) {
    return this.libraries.has(libraryId)
  }

  private async flush(libraryId: string) {
    const entry = this.libraries.get(libraryId)
    if (!entry || this.closed) return
    entry.timer = null
    if (entry.flushing) {
      // Rescan again once the running one ends; the pending paths are kept.
      await entry.flushing
      if (!entry.timer && entry.pending.size) this.touch(libraryId, [...entry.pending][0] ?? '')
      return
    }
    const paths = [...entry.pending]
    entry.pending.clear()
    if (paths.length === 0) return
    entry.flushing = this.deps
      .rescan(libraryId, paths)
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.error({ err, libraryId }, 'watcher rescan failed'))
      .finally(() => {
        entry.flushing = null
      })
    await entry.flushing
  }

  private async unwatch(libraryId: string) {
    const entry = this.libraries.get(libraryId)
    if (!entry) return
    this.libraries.delete(libraryId)
    if (entry.timer) clearTimeout(entry.timer)
    await Promise.allSettled(entry.watchers.map((w) => w.close()))
    await entry.flushing
  }

  async close() {
    this.closed = true
    await Promise.allSettled([...this.libraries.keys()].map((id) => this.unwatch(id)))
  }
}

const signatureOf = (lib: Library) => JSON.stringify(lib.folders.map((f) => f.fullPath).sort())
