import type { EditModalTab } from '@/lib/item-edit-modal.ts'

/** What the tab rules read of the item. */
export interface TabItemFacts {
  mediaType: 'book' | 'podcast'
  /** Audio files (books); an ebook-only book has none. */
  numAudioFiles: number
  hasEbook: boolean
  /** Its files were not found on the last scan (no tools then). */
  isMissing?: boolean
}

export interface TabPermissions {
  update: boolean
  download: boolean
  /** Admins (and root) also get a podcast's schedule tab. */
  admin?: boolean
}

/**
 * Spec §2/§5 (edit modal tabs): without update or download there are no tabs; files needs download, the
 * others update. Details and cover are for every item; chapters and match for books (chapters hidden for
 * ebook-only books); episodes for podcasts, and a podcast's schedule for admins with update; the audio tools for
 * admins on books with audio that are not missing.
 */
export function availableTabs(item: TabItemFacts, permissions: TabPermissions): EditModalTab[] {
  if (!permissions.update && !permissions.download) return []
  const isBook = item.mediaType === 'book'
  const ebookOnly = isBook && item.hasEbook && item.numAudioFiles === 0
  const tabs: EditModalTab[] = []
  if (permissions.update) tabs.push('details', 'cover')
  if (permissions.update && isBook && !ebookOnly) tabs.push('chapters')
  if (permissions.update && !isBook) tabs.push('episodes')
  if (permissions.download) tabs.push('files')
  if (permissions.update && isBook) tabs.push('match')
  if (permissions.admin && isBook && item.numAudioFiles > 0 && !item.isMissing) tabs.push('tools')
  if (permissions.update && !isBook && permissions.admin) tabs.push('schedule')
  return tabs
}

/** On open the current tab stays if allowed, else the first allowed one; null closes the modal. */
export function resolveTab(current: EditModalTab, available: readonly EditModalTab[]): EditModalTab | null {
  if (available.includes(current)) return current
  return available[0] ?? null
}

/** The books before and after `id` on the shelf (holes are pages not loaded: skipped). */
export function shelfNeighbours(
  ids: readonly (string | undefined)[],
  id: string,
): { previous: string | null; next: string | null } {
  const index = ids.indexOf(id)
  if (index === -1) return { previous: null, next: null }
  let previous: string | null = null
  for (let i = index - 1; i >= 0 && previous === null; i--) previous = ids[i] ?? null
  let next: string | null = null
  for (let i = index + 1; i < ids.length && next === null; i++) next = ids[i] ?? null
  return { previous, next }
}
