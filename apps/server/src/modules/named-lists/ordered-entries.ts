/**
 * A reader's new order for a shared list, applied without losing what the reader cannot see: the
 * visible entries take the new order, hidden ones keep their place relative to the start (the
 * k-th hidden entry stays after the same number of visible entries it followed before).
 */
export function mergeKeepingHidden<T>(
  current: readonly T[],
  visibleOrder: readonly T[],
  isVisible: (entry: T) => boolean,
): T[] {
  const out: T[] = []
  let next = 0
  for (const entry of current) {
    if (isVisible(entry)) {
      const replacement = visibleOrder[next++]
      if (replacement !== undefined) out.push(replacement)
    } else {
      out.push(entry)
    }
  }
  // The reader's list may be longer (added entries): they go at the end.
  while (next < visibleOrder.length) out.push(visibleOrder[next++] as T)
  return out
}
