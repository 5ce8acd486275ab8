import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryFolder } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import { fileExists } from './cover.ts'
import { itemFingerprint } from './fingerprint.ts'
import { groupIntoItems, type ItemCandidate } from './group.ts'
import type { BuiltItem, ItemBuilder, PreviousItem } from './item-builder.ts'
import {
  noAuthorChanges,
  type AuthorChanges,
  type ItemIndexEntry,
  type SavedItem,
  type ScanRepository,
} from './scan.repository.ts'
import {
  walkLibraryFolder,
  type DirStat,
  type WalkedFile,
  type WalkOptions,
  type WalkResult,
} from './walk.ts'

export interface ScanCounts {
  added: number
  updated: number
  missing: number
  unchanged: number
  /** Audio files whose tags were read (0 on a rescan with no changes). */
  filesProbed: number
}

export interface ScanRunOptions {
  force: boolean
  cancelled: () => boolean
  /** Items written in one batch (events go out per batch). */
  onSaved?: (added: SavedItem[], updated: SavedItem[], authors: AuthorChanges) => void
  /** Items whose missing flag was set or cleared. */
  onFlagged?: (ids: string[]) => void
  onProgress?: (done: number, total: number) => void
  /** Series that no item uses any more were removed. */
  onSeriesRemoved?: (ids: string[]) => void
  /** Server setting scannerParseSubtitle (off unless given). */
  parseSubtitle?: boolean
  /** Test hook for unreadable folders when running as root. */
  readdir?: WalkOptions['readdir']
  /** Where this run logs (a library scan's own log, scan-log.ts); the scanner's logger otherwise. */
  log?: Logger
}

export interface ScanScope {
  folder: LibraryFolder
  /** Relative paths ('' = the whole folder) to walk; items below them that are not found become missing. */
  relPaths: string[]
}

/** Items written per transaction: big enough to amortise the commit, small enough for short locks and steady events. */
const SAVE_BATCH = 100
/** Items built at once (their files are read through the shared probe limiter). */
const BUILD_CONCURRENCY = 8

interface Job {
  candidate: ItemCandidate
  folder: LibraryFolder
  dirStat: DirStat | undefined
  fingerprint: string
  previous: ItemIndexEntry | null
}

const isUnder = (relPath: string, scope: string) =>
  scope === '' || relPath === scope || relPath.startsWith(`${scope}/`)

/** Narrowest set of scopes: one inside another is dropped. */
function collapseScopes(relPaths: string[]): string[] {
  const sorted = [...new Set(relPaths)].sort((a, b) => a.length - b.length)
  const kept: string[] = []
  for (const p of sorted) if (!kept.some((k) => isUnder(p, k))) kept.push(p)
  return kept
}

/** Walks one scope: a folder subtree, or a single file when the scope is a file. */
async function walkScope(
  root: string,
  relPath: string,
  log: Logger,
  readdir: WalkOptions['readdir'],
  cancelled: () => boolean,
): Promise<WalkResult> {
  if (relPath !== '') {
    const abs = path.join(root, ...relPath.split('/'))
    const st = await fs.promises.lstat(abs, { bigint: true }).catch(() => null)
    if (!st) return { files: [], dirs: new Map(), unreadable: [] }
    if (st.isFile()) {
      const name = path.basename(abs)
      if (name.startsWith('.')) return { files: [], dirs: new Map(), unreadable: [] }
      const file: WalkedFile = {
        path: abs,
        relPath,
        name,
        ino: st.ino.toString(),
        size: Number(st.size),
        mtimeMs: Number(st.mtimeMs),
        ctimeMs: Number(st.ctimeMs),
        birthtimeMs: Number(st.birthtimeMs),
      }
      return { files: [file], dirs: new Map(), unreadable: [] }
    }
    if (!st.isDirectory()) return { files: [], dirs: new Map(), unreadable: [] }
  }
  return walkLibraryFolder(root, { log, start: relPath, readdir, cancelled })
}

/**
 * One scan of (part of) a library: walk, group, skip unchanged items by fingerprint, build the rest with
 * bounded concurrency, save in batches, flag what disappeared as missing. Never deletes an item.
 */
export class LibraryScanner {
  private readonly repo: ScanRepository
  private readonly builder: ItemBuilder
  private readonly clock: Clock
  private readonly log: Logger
  private readonly metadataPath: string
  constructor(deps: {
    repo: ScanRepository
    builder: ItemBuilder
    clock: Clock
    log: Logger
    metadataPath: string
  }) {
    this.repo = deps.repo
    this.builder = deps.builder
    this.clock = deps.clock
    this.log = deps.log
    this.metadataPath = deps.metadataPath
  }

  async run(
    library: Library,
    scopes: ScanScope[],
    sortingPrefixes: readonly string[],
    opts: ScanRunOptions,
    probeCounter: { count: number },
  ): Promise<ScanCounts> {
    const counts: ScanCounts = { added: 0, updated: 0, missing: 0, unchanged: 0, filesProbed: 0 }
    const log = opts.log ?? this.log
    const probesBefore = probeCounter.count
    const settingsKey = JSON.stringify([
      library.mediaType,
      library.settings.metadataPrecedence,
      library.settings.audiobooksOnly,
      sortingPrefixes,
      opts.parseSubtitle === true,
    ])
    const index = await this.repo.itemIndex(library.id)
    const byPath = new Map(index.map((e) => [e.path, e]))

    // 1. Walk and group every scope; decide per candidate whether it needs reading.
    const jobs: Job[] = []
    const seenIds = new Set<string>()
    const reappeared: string[] = []
    const walkedScopes: { folder: LibraryFolder; relPath: string }[] = []
    const unmatched: Omit<Job, 'previous'>[] = []
    for (const scope of scopes) {
      for (const relPath of collapseScopes(scope.relPaths)) {
        if (opts.cancelled()) break
        const walked = await walkScope(scope.folder.fullPath, relPath, log, opts.readdir, opts.cancelled)
        walkedScopes.push({ folder: scope.folder, relPath })
        for (const candidate of groupIntoItems(walked.files, library.mediaType)) {
          if (!isUnder(candidate.relPath, relPath)) continue
          const itemPath = path.join(scope.folder.fullPath, ...candidate.relPath.split('/'))
          const fingerprint = itemFingerprint(candidate.files, settingsKey)
          const dirStat = candidate.isFile ? undefined : walked.dirs.get(candidate.relPath)
          const previous = byPath.get(itemPath) ?? null
          if (previous) {
            seenIds.add(previous.id)
            if (!opts.force && previous.fingerprint === fingerprint) {
              counts.unchanged++
              if (previous.isMissing) reappeared.push(previous.id)
              continue
            }
            jobs.push({ candidate, folder: scope.folder, dirStat, fingerprint, previous })
          } else {
            unmatched.push({ candidate, folder: scope.folder, dirStat, fingerprint })
          }
        }
      }
    }

    // A folder moved within the library keeps its inode: it keeps its item (and with it progress, ids ...).
    const inoCandidates = new Map<string, ItemIndexEntry>()
    for (const e of index) {
      if (seenIds.has(e.id) || !e.ino) continue
      const stillThere = walkedScopes.some((s) => s.folder.id === e.folderId && isUnder(e.relPath, s.relPath))
      if (stillThere) inoCandidates.set(`${e.folderId}:${e.isFile ? 'f' : 'd'}:${e.ino}`, e)
    }
    for (const job of unmatched) {
      const ino = job.candidate.isFile ? job.candidate.files[0]?.ino : job.dirStat?.ino
      const key = `${job.folder.id}:${job.candidate.isFile ? 'f' : 'd'}:${ino ?? ''}`
      const moved = ino ? inoCandidates.get(key) : undefined
      if (moved && (await this.isGone(moved))) {
        inoCandidates.delete(key)
        seenIds.add(moved.id)
        jobs.push({ ...job, previous: moved })
      } else jobs.push({ ...job, previous: null })
    }

    if (reappeared.length && !opts.cancelled()) {
      const changed = await this.repo.setMissing(reappeared, false, this.clock())
      counts.updated += changed.length
      if (changed.length) opts.onFlagged?.(changed)
    }

    // 2. Build and save what changed.
    const total = jobs.length
    let done = 0
    opts.onProgress?.(0, total)
    let buffer: { built: BuiltItem; isNew: boolean }[] = []
    let saving: Promise<void> = Promise.resolve()
    const flush = () => {
      const batch = buffer
      buffer = []
      saving = saving.then(async () => {
        if (batch.length === 0) return
        let saved: SavedItem[]
        const authorChanges = noAuthorChanges()
        try {
          saved = await this.repo.saveBatch(
            library.id,
            batch.map((b) => b.built),
            sortingPrefixes,
            this.clock(),
            authorChanges,
          )
        } catch (err) {
          // The transaction rolled back: these items keep their old fingerprints and are read again next scan.
          log.error({ err, items: batch.length }, 'scan batch could not be saved')
          return
        }
        const added = saved.filter((_s, i) => batch[i]?.isNew)
        const updated = saved.filter((_s, i) => !batch[i]?.isNew)
        counts.added += added.length
        counts.updated += updated.length
        opts.onSaved?.(added, updated, authorChanges)
      })
      return saving
    }
    const noLongerItems: string[] = []
    let next = 0
    const worker = async () => {
      while (!opts.cancelled()) {
        const job = jobs[next++]
        if (!job) return
        // Loaded per item, not for all at once: a forced rescan of a huge library must not hold every row's JSON.
        const prevState = job.previous
          ? (await this.repo.previousState([job.previous.id])).get(job.previous.id)
          : undefined
        const previous: PreviousItem | null =
          job.previous && prevState
            ? {
                id: job.previous.id,
                mediaId: prevState.mediaId,
                addedAt: prevState.addedAt,
                coverPath: prevState.coverPath,
                fileTimes: fileTimesOf(prevState.libraryFiles),
                fileChoices: prevState.fileChoices,
                episodes: prevState.episodes,
                podcast: prevState.podcast,
              }
            : null
        try {
          const built = await this.builder.build(
            job.candidate,
            job.dirStat,
            job.fingerprint,
            {
              library: { id: library.id, mediaType: library.mediaType, settings: library.settings },
              folder: { id: job.folder.id, fullPath: job.folder.fullPath },
              sortingPrefixes,
              parseSubtitle: opts.parseSubtitle === true,
              metadataPath: this.metadataPath,
              now: this.clock(),
            },
            previous,
          )
          if (built) {
            buffer.push({ built, isNew: previous === null })
            if (buffer.length >= SAVE_BATCH) await flush()
          } else if (job.previous) noLongerItems.push(job.previous.id)
        } catch (err) {
          log.error({ err, item: job.candidate.relPath }, 'item could not be scanned')
        }
        done++
        opts.onProgress?.(done, total)
      }
    }
    await Promise.all(Array.from({ length: Math.min(BUILD_CONCURRENCY, Math.max(1, jobs.length)) }, worker))
    await flush()
    counts.filesProbed = probeCounter.count - probesBefore
    if (opts.cancelled()) return counts

    // 3. What was walked and not found is missing (never deleted).
    const gone = index
      .filter((e) => !seenIds.has(e.id) && !e.isMissing)
      .filter((e) => walkedScopes.some((s) => s.folder.id === e.folderId && isUnder(e.relPath, s.relPath)))
      .map((e) => e.id)
    const flagged = await this.repo.setMissing([...gone, ...noLongerItems], true, this.clock())
    counts.missing += flagged.length
    if (flagged.length) opts.onFlagged?.(flagged)
    const { seriesIds } = await this.repo.pruneOrphans(library.id)
    if (seriesIds.length) opts.onSeriesRemoved?.(seriesIds)
    return counts
  }

  /** Whether an indexed item's path no longer exists (a moved folder's old path). */
  private async isGone(e: ItemIndexEntry): Promise<boolean> {
    if (e.isFile) return !(await fileExists(e.path))
    return fs.promises.stat(e.path).then(
      (s) => !s.isDirectory(),
      () => true,
    )
  }
}

function fileTimesOf(libraryFilesJson: string): Map<string, number> {
  const map = new Map<string, number>()
  try {
    const files = JSON.parse(libraryFilesJson) as unknown
    if (Array.isArray(files)) {
      for (const f of files) {
        if (f && typeof f === 'object' && typeof (f as { ino?: unknown }).ino === 'string') {
          map.set((f as { ino: string }).ino, Number((f as { addedAt?: unknown }).addedAt) || 0)
        }
      }
    }
  } catch {
    // Times of a damaged row start afresh.
  }
  return map
}
