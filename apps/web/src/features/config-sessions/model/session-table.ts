import type { SessionSortKey } from '@shelfcast/contracts'

/** The next sort after a column heading is pressed: the same column flips; another starts in its natural order. */
export function nextSort(
  current: { sort: SessionSortKey; desc: boolean },
  pressed: SessionSortKey,
): { sort: SessionSortKey; desc: boolean } {
  if (current.sort === pressed) return { sort: pressed, desc: !current.desc }
  // Times and dates read best largest/newest first; text A to Z.
  return { sort: pressed, desc: pressed !== 'displayTitle' && pressed !== 'displayAuthor' }
}

/** The selection with every id of the page added, or (all already selected) removed. */
export function toggleAll(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const next = new Set(selected)
  const allSelected = pageIds.length > 0 && pageIds.every((id) => next.has(id))
  for (const id of pageIds) {
    if (allSelected) next.delete(id)
    else next.add(id)
  }
  return next
}

/** The selection with one id flipped. */
export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** A short name of the device a session plays on: client, browser and system, as far as they are known. */
export function deviceLabel(device: {
  clientName: string
  browserName?: string
  osName?: string
  model?: string
}): string {
  const parts = [device.clientName, device.browserName, device.osName ?? device.model]
  return [...new Set(parts.filter((p): p is string => !!p && p.trim() !== ''))].join(' · ')
}
