/**
 * Reordering a collection or playlist by drag or keyboard: pure so the page, its tests and the optimistic
 * cache update agree on one rule.
 */

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** The list with the entry at `from` moved to `to` (clamped); the same array when nothing moves. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (list.length === 0 || from < 0 || from >= list.length) return list
  const target = clamp(to, 0, list.length - 1)
  if (target === from) return list
  const next = list.slice()
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved as T)
  return next
}

/**
 * Where a dragged row lands: the row under the dragged row's centre. `offsetY` is the centre's distance
 * from the top of the list (page coordinates, so scrolling while dragging counts too).
 */
export function dropIndex(offsetY: number, rowHeight: number, count: number): number {
  if (count <= 0) return 0
  return clamp(Math.floor(offsetY / rowHeight), 0, count - 1)
}

/** `items` in the order of `keys`; items whose key is not listed keep their place after the listed ones. */
export function orderByKeys<T>(
  items: readonly T[],
  keys: readonly string[],
  keyOf: (item: T) => string,
): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]))
  const ordered = keys.flatMap((key) => {
    const item = byKey.get(key)
    if (!item) return []
    byKey.delete(key)
    return [item]
  })
  return [...ordered, ...byKey.values()]
}
