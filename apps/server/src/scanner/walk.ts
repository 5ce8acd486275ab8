import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'

/** A regular file found under a library folder. Times are epoch ms; `ino` is a decimal string (exact). */
export interface WalkedFile {
  path: string
  /** Relative to the library folder, `/`-separated. */
  relPath: string
  name: string
  ino: string
  size: number
  mtimeMs: number
  ctimeMs: number
  birthtimeMs: number
}

export interface DirStat {
  ino: string
  mtimeMs: number
  ctimeMs: number
  birthtimeMs: number
}

export interface WalkResult {
  files: WalkedFile[]
  /** Every directory walked, by relative path ('' is the library folder). */
  dirs: Map<string, DirStat>
  /** Directories that could not be read: items below them are unknown, not gone. */
  unreadable: string[]
}

export interface WalkOptions {
  log?: Logger
  /** Where to start, relative to the root ('' for the whole folder). */
  start?: string
  /** Injected for tests: how a directory is opened (to simulate EACCES when running as root). */
  opendir?: (dir: string) => Promise<fs.Dir>
  /** Stops early when it returns true (scan cancelled). */
  cancelled?: () => boolean
}

/** Deeper than this is a loop or a pathological tree, never a library. */
const MAX_DEPTH = 24
/** lstat calls in flight per directory: enough to keep libuv's pool busy without a promise per entry. */
const STAT_BATCH = 64

const IGNORE_MARKER = '.ignore'

/** Whether `target` lies inside `root` (both resolved), decided on path parts, never on string prefixes. */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target)
  if (rel === '') return true
  if (path.isAbsolute(rel)) return false
  return rel.split(path.sep)[0] !== '..'
}

const toPosix = (p: string) => (path.sep === '/' ? p : p.split(path.sep).join('/'))

function statOf(s: fs.BigIntStats): DirStat & { size: number } {
  return {
    ino: s.ino.toString(),
    size: Number(s.size),
    mtimeMs: Number(s.mtimeMs),
    ctimeMs: Number(s.ctimeMs),
    birthtimeMs: Number(s.birthtimeMs),
  }
}

/**
 * Walks a library folder: regular files only (FIFOs, sockets and devices are skipped), dot-folders and
 * folders holding a `.ignore` file skipped, symlinks followed only when they resolve inside the root
 * (cycles broken by real path). An unreadable folder is logged and listed, never fatal.
 */
export async function walkLibraryFolder(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const log = options.log
  const opendir = options.opendir ?? ((dir: string) => fs.promises.opendir(dir))
  const result: WalkResult = { files: [], dirs: new Map(), unreadable: [] }
  let rootReal: string
  try {
    rootReal = await fs.promises.realpath(root)
  } catch (err) {
    log?.warn({ err, root }, 'library folder cannot be read')
    result.unreadable.push('')
    return result
  }
  const visited = new Set<string>()

  const walkDir = async (absDir: string, relDir: string, depth: number): Promise<void> => {
    if (options.cancelled?.()) return
    if (depth > MAX_DEPTH) {
      log?.warn({ dir: absDir }, 'folder nesting too deep, skipped')
      return
    }
    let real: string
    let dirStat: fs.BigIntStats
    try {
      real = await fs.promises.realpath(absDir)
      dirStat = await fs.promises.stat(absDir, { bigint: true })
    } catch (err) {
      log?.warn({ err, dir: absDir }, 'folder cannot be read, skipped')
      result.unreadable.push(relDir)
      return
    }
    if (!isInside(rootReal, real) || visited.has(real)) return
    visited.add(real)

    const names: string[] = []
    try {
      const dir = await opendir(absDir)
      for await (const entry of dir) names.push(entry.name)
    } catch (err) {
      log?.warn({ err, dir: absDir }, 'folder cannot be read, skipped')
      result.unreadable.push(relDir)
      return
    }
    if (names.includes(IGNORE_MARKER)) return
    result.dirs.set(relDir, statOf(dirStat))

    const subdirs: [string, string][] = []
    const visible = names.filter((n) => !n.startsWith('.'))
    for (let i = 0; i < visible.length; i += STAT_BATCH) {
      const batch = visible.slice(i, i + STAT_BATCH)
      await Promise.all(
        batch.map(async (name) => {
          const abs = path.join(absDir, name)
          const rel = relDir ? `${relDir}/${name}` : name
          try {
            let s = await fs.promises.lstat(abs, { bigint: true })
            if (s.isSymbolicLink()) {
              const target = await fs.promises.realpath(abs)
              if (!isInside(rootReal, target)) {
                log?.info({ path: abs }, 'symlink leaves the library folder, skipped')
                return
              }
              s = await fs.promises.stat(abs, { bigint: true })
            }
            if (s.isDirectory()) subdirs.push([abs, rel])
            else if (s.isFile()) result.files.push({ path: abs, relPath: toPosix(rel), name, ...statOf(s) })
            else log?.info({ path: abs }, 'not a regular file (fifo, socket or device), skipped')
          } catch (err) {
            log?.info({ err, path: abs }, 'file cannot be read, skipped')
          }
        }),
      )
    }
    for (const [abs, rel] of subdirs) await walkDir(abs, rel, depth + 1)
  }

  const start = options.start ?? ''
  if (start) {
    const parts = start.split('/')
    if (parts.some((p) => p.startsWith('.') || p === '')) return result
    // An ancestor's `.ignore` hides the start folder too, as it does in a full walk.
    for (let i = 0; i < parts.length; i++) {
      const ancestor = path.join(rootReal, ...parts.slice(0, i))
      if (await fs.promises.access(path.join(ancestor, IGNORE_MARKER)).then(() => true, () => false)) return result
    }
  }
  await walkDir(start ? path.join(rootReal, ...start.split('/')) : rootReal, start, 0)
  return result
}
