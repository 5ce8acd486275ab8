import type { LibraryItem } from '@shelfcast/contracts'

/**
 * How socket events change cached lists without refetching them: an updated item replaces its copy in
 * every cached page in place (its place in the sort may be stale until the next fetch, which is what
 * Audiobookshelf does too); additions and removals shift pages, so those lists are refetched instead.
 */

type Listed = { id: string; media: object; libraryFiles?: unknown; collapsedSeries?: unknown }

/** The updated item in the form of the cached copy: list rows stay minified (no file lists), collapsed series stay collapsed. */
export function mergeUpdatedItem<T extends Listed>(cached: T, updated: LibraryItem): T {
  if (cached.collapsedSeries) return cached // a collapsed series row shows the series, not this item
  const { libraryFiles, media, ...base } = updated
  if ('libraryFiles' in cached) return { ...cached, ...base, libraryFiles, media } as T
  const { metadata, coverPath, tags, size } = media
  const duration = 'duration' in media ? media.duration : undefined
  return {
    ...cached,
    ...base,
    media: {
      ...cached.media,
      metadata,
      coverPath,
      tags,
      size,
      ...(duration === undefined ? {} : { duration }),
    },
  } as T
}

/** A page answer with the updated items swapped in; the same object when none of them is on it. */
export function patchPage<P extends { results: Listed[] }>(
  page: P,
  updates: ReadonlyMap<string, LibraryItem>,
): P {
  let changed = false
  const results = page.results.map((entry) => {
    const updated = updates.get(entry.id)
    if (!updated) return entry
    changed = true
    return mergeUpdatedItem(entry, updated)
  })
  return changed ? { ...page, results } : page
}

export const isPageAnswer = (data: unknown): data is { results: Listed[] } =>
  !!data && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)

/**
 * Runs `flush` with every key scheduled since the last run, at most once per `intervalMs`: a scan that
 * sends a chunk of items every few milliseconds causes one refetch a second, not hundreds.
 */
export function createThrottledFlush(intervalMs: number, flush: (keys: Set<string>) => void) {
  let pending = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  return {
    schedule(key: string) {
      pending.add(key)
      timer ??= setTimeout(() => {
        timer = null
        const keys = pending
        pending = new Set()
        flush(keys)
      }, intervalMs)
    },
    cancel() {
      if (timer) clearTimeout(timer)
      timer = null
      pending = new Set()
    },
  }
}
