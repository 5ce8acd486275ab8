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
  /** Injected for tests: lists a directory (to simulate EACCES when running as root, or a slow disk). */
  readdir?: (dir: string) => string[] | Promise<string[]>
  /** Stops early when it returns true (scan cancelled). */
  cancelled?: () => boolean
}

/** Deeper than this is a loop or a pathological tree, never a library. */
const MAX_DEPTH = 24
/**
 * The walk uses synchronous fs calls (4-5x faster than the promise API on a warm cache: no thread-pool
 * round trip per lstat) in slices of this many ms, yielding to the event loop between slices so
 * requests are still served during a scan.
 */
const SLICE_MS = 10

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

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Walks a library folder: regular files only (FIFOs, sockets and devices are skipped), dot-folders and
 * folders holding a `.ignore` file skipped, symlinks followed only when they resolve inside the root
 * (cycles broken by device + inode). An unreadable folder is logged and listed, never fatal.
 */
export async function walkLibraryFolder(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const log = options.log
  const readdir = options.readdir ?? ((dir: string) => fs.readdirSync(dir))
  const result: WalkResult = { files: [], dirs: new Map(), unreadable: [] }
  let rootReal: string
  try {
    rootReal = fs.realpathSync(root)
  } catch (err) {
    log?.warn({ err, root }, 'library folder cannot be read')
    result.unreadable.push('')
    return result
  }

  const start = options.start ?? ''
  if (start) {
    const parts = start.split('/')
    if (parts.some((p) => p.startsWith('.') || p === '')) return result
    // An ancestor's `.ignore` hides the start folder too, as it does in a full walk.
    for (let i = 0; i < parts.length; i++) {
      if (fs.existsSync(path.join(rootReal, ...parts.slice(0, i), IGNORE_MARKER))) return result
    }
  }

  const visited = new Set<string>()
  // Depth-first with an explicit stack: no recursion limit, natural order kept by pushing in reverse.
  const stack: { abs: string; rel: string; depth: number; stat: fs.BigIntStats | null }[] = [
    // A walk from a subfolder counts depth from the library folder, as a full walk does.
    {
      abs: start ? path.join(rootReal, ...start.split('/')) : rootReal,
      rel: start,
      depth: start ? start.split('/').length : 0,
      stat: null,
    },
  ]
  let sliceStart = performance.now()
  while (stack.length > 0) {
    if (options.cancelled?.()) break
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop()
      sliceStart = performance.now()
    }
    const { abs: absDir, rel: relDir, depth, stat } = stack.pop() as (typeof stack)[number]
    if (depth > MAX_DEPTH) {
      log?.warn({ path: absDir, maxDepth: MAX_DEPTH }, 'folder nesting too deep, skipped')
      continue
    }
    let dirStat: fs.BigIntStats
    let names: string[]
    try {
      dirStat = stat ?? fs.statSync(absDir, { bigint: true })
      const listed = readdir(absDir)
      names = Array.isArray(listed) ? listed : await listed
    } catch (err) {
      log?.warn({ err, path: absDir }, 'folder cannot be read, skipped')
      result.unreadable.push(relDir)
      continue
    }
    const key = `${dirStat.dev}:${dirStat.ino}`
    if (visited.has(key)) continue
    visited.add(key)
    if (names.includes(IGNORE_MARKER)) continue
    result.dirs.set(relDir, statOf(dirStat))

    const subdirs: (typeof stack)[number][] = []
    for (const name of names) {
      if (name.startsWith('.')) continue
      const abs = path.join(absDir, name)
      const rel = relDir ? `${relDir}/${name}` : name
      try {
        let s = fs.lstatSync(abs, { bigint: true })
        if (s.isSymbolicLink()) {
          const target = fs.realpathSync(abs)
          if (!isInside(rootReal, target)) {
            log?.warn({ path: abs }, 'symlink leaves the library folder, skipped')
            continue
          }
          s = fs.statSync(abs, { bigint: true })
        }
        if (s.isDirectory()) subdirs.push({ abs, rel, depth: depth + 1, stat: s })
        else if (s.isFile()) result.files.push({ path: abs, relPath: toPosix(rel), name, ...statOf(s) })
        else log?.warn({ path: abs }, 'not a regular file (fifo, socket or device), skipped')
      } catch (err) {
        // Node decodes a name that is not UTF-8 with U+FFFD in place of the bad bytes: no path reaches it.
        if (name.includes('\uFFFD') && (err as NodeJS.ErrnoException).code === 'ENOENT') {
          log?.warn({ path: abs }, 'file name is not valid UTF-8, skipped')
        } else log?.warn({ err, path: abs }, 'file cannot be read, skipped')
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i] as (typeof stack)[number])
  }
  return result
}
