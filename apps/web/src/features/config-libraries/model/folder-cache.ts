import type { FilesystemResponse } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'

export type FolderLoader = (path: string, level: number) => Promise<FilesystemResponse>

export interface FolderCache {
  /** The listing of `path` ('' is the server's top level): from the cache while fresh, else loaded. */
  get(path: string, level: number): Promise<FilesystemResponse>
  clear(): void
}

/**
 * Folder listings for the folder browser, kept `ttlMs` (spec §9: 5000 ms) so stepping back and forth
 * does not ask the server again. A listing still loading is shared; a failed one is not kept.
 */
export function createFolderCache(
  load: FolderLoader,
  { ttlMs = limits.folderCacheMs, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): FolderCache {
  const entries = new Map<string, { at: number; listing: Promise<FilesystemResponse> }>()
  return {
    get(path, level) {
      const entry = entries.get(path)
      if (entry && now() - entry.at < ttlMs) return entry.listing
      const listing = load(path, level)
      const fresh = { at: now(), listing }
      entries.set(path, fresh)
      listing.catch(() => {
        if (entries.get(path) === fresh) entries.delete(path)
      })
      return listing
    },
    clear: () => entries.clear(),
  }
}

/** Path segments, for either separator. */
export function pathSegments(path: string): string[] {
  return path.split(/[\\/]+/).filter(Boolean)
}

/** The level the server is asked for when listing `path`: its depth ('' and '/' are 0). */
export function levelOf(path: string): number {
  return pathSegments(path).length
}

/** The folder above `path`; '' (the top-level list) above a top-level folder. */
export function parentPath(path: string, posix: boolean): string {
  const segments = pathSegments(path)
  if (segments.length <= 1) return ''
  const parent = segments.slice(0, -1)
  if (posix) return `/${parent.join('/')}`
  // Windows: keep the drive ("C:") and put its separator back.
  return parent.length === 1 ? `${parent[0]}\\` : parent.join('\\')
}

/** Breadcrumbs: each ancestor of `path` with its own path, top first. */
export function breadcrumbs(path: string, posix: boolean): { name: string; path: string }[] {
  const segments = pathSegments(path)
  return segments.map((name, i) => {
    const upTo = segments.slice(0, i + 1)
    const full = posix ? `/${upTo.join('/')}` : i === 0 ? `${name}\\` : upTo.join('\\')
    return { name, path: full }
  })
}
