import path from 'node:path'
import { fileTypeOf, isMediaFile, naturalCompare } from './file-types.ts'
import { isDiscFolder } from './folder-name.ts'
import type { WalkedFile } from './walk.ts'

/** A would-be library item: a folder holding media (with everything below it), or one media file in the root. */
export interface ItemCandidate {
  /** Relative to the library folder, `/`-separated: the item folder, or the file for a single-file item. */
  relPath: string
  isFile: boolean
  files: WalkedFile[]
}

const dirOf = (relPath: string) => {
  const i = relPath.lastIndexOf('/')
  return i < 0 ? '' : relPath.slice(0, i)
}
const depthOf = (relDir: string) => (relDir === '' ? 0 : relDir.split('/').length)

/** The nearest folder at or above `relDir` that is already an item folder, or null. */
function itemDirAbove(relDir: string, itemDirs: Set<string>): string | null {
  let d = relDir
  while (d !== '') {
    if (itemDirs.has(d)) return d
    d = dirOf(d)
  }
  return null
}

/**
 * Groups walked files into items (api-notes "Scanner (folder layout)"): a folder holding media files is an
 * item and takes everything below it; `CD n` / `Disc n` folders fold into their parent; a media file in
 * the library root is a single-file item. Shallow folders are decided first, so media in a subfolder of
 * an item folder belongs to that item.
 */
export function groupIntoItems(files: readonly WalkedFile[], mediaType: 'book' | 'podcast'): ItemCandidate[] {
  const itemDirs = new Set<string>()
  const singles: ItemCandidate[] = []
  const mediaDirs = new Set<string>()
  for (const f of files) {
    if (!isMediaFile(f.name, mediaType)) {
      // A podcast subscribed to but without episodes yet is a show folder holding its metadata.json or cover.
      if (mediaType === 'podcast' && isPodcastShowFile(f)) mediaDirs.add(dirOf(f.relPath))
      continue
    }
    const dir = dirOf(f.relPath)
    if (dir === '') {
      // Podcasts are folders of episodes; a loose file in a podcast library root is not a podcast.
      if (mediaType === 'book') singles.push({ relPath: f.relPath, isFile: true, files: [f] })
    } else mediaDirs.add(dir)
  }
  // Shallow first is all that matters (an ancestor decides before its descendants); plain string order
  // within a depth keeps it deterministic without the cost of a collator on 100,000 folders.
  const ordered = [...mediaDirs].sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0))
  for (const dir of ordered) {
    if (itemDirAbove(dir, itemDirs) !== null) continue
    const parent = dirOf(dir)
    if (mediaType === 'podcast')
      itemDirs.add(dir.split('/')[0] ?? dir) // the show's folder holds every episode below it
    else itemDirs.add(isDiscFolder(path.posix.basename(dir)) && parent !== '' ? parent : dir)
  }

  const byDir = new Map<string, WalkedFile[]>()
  for (const f of files) {
    const owner = itemDirAbove(dirOf(f.relPath), itemDirs)
    if (owner === null) continue
    const list = byDir.get(owner)
    if (list) list.push(f)
    else byDir.set(owner, [f])
  }
  const folders: ItemCandidate[] = [...byDir].map(([relPath, list]) => ({
    relPath,
    isFile: false,
    files: list.length > 1 ? list.sort((a, b) => naturalCompare(a.relPath, b.relPath)) : list,
  }))
  return [...folders, ...singles].sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0))
}

/** metadata.json or an image directly inside a top-level folder of a podcast library. */
function isPodcastShowFile(f: WalkedFile): boolean {
  const parts = f.relPath.split('/')
  if (parts.length !== 2) return false
  return f.name.toLowerCase() === 'metadata.json' || fileTypeOf(f.name) === 'image'
}

/** The item folder (or single file) that a changed path belongs to, judged by layout alone (watcher). */
export function itemPathForChange(relPath: string, isKnownItem: (relPath: string) => boolean): string | null {
  // The nearest known item at or above the path wins.
  let d = relPath
  while (d !== '') {
    if (isKnownItem(d)) return d
    d = dirOf(d)
  }
  return null
}
