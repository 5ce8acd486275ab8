import type { MediaType } from '@shelfcast/contracts'

export interface LibrarySwitchInput {
  /** Name of the current route (ABS naming, e.g. 'library-library-series-id'). */
  routeName: string | undefined
  /** Current path, without query. */
  path: string
  /** Current path with query and hash. */
  fullPath: string
  currentLibraryId: string | null
  target: { id: string; mediaType: MediaType }
}

/**
 * Library pages (the path after `/library/{id}`) that only one media type has: series, collections, authors,
 * narrators and stats are books'; the podcast pages are podcasts'.
 */
const pagesOnlyFor: Record<MediaType, RegExp> = {
  book: /^\/(bookshelf\/(series|collections|authors)|series\/[^/]+|narrators|stats)\/?$/,
  podcast: /^\/podcast(\/|$)/,
}

/** Whether the target library has the page at `path` (a page of the other media type's only is not there). */
function targetHasPage(path: string, fromId: string, target: LibrarySwitchInput['target']): boolean {
  const rest = path.slice(`/library/${fromId}`.length)
  const otherType: MediaType = target.mediaType === 'book' ? 'podcast' : 'book'
  return !pagesOnlyFor[otherType].test(rest)
}

/**
 * Where choosing another library takes the user (spec §2, library switch), or null to stay:
 * config pages are left alone; a series page of a book library goes to the series list; the search
 * page keeps its query with the id swapped; other library pages get the id swapped in the path, unless the
 * target library has no such page (a podcast library has no series tab): then its bookshelf; anything else goes
 * to the library's home.
 */
export function librarySwitchTarget({
  routeName,
  path,
  fullPath,
  currentLibraryId,
  target,
}: LibrarySwitchInput): string | null {
  const name = routeName ?? ''
  if (name.startsWith('config')) return null
  if (name.startsWith('library-library-series-id') && target.mediaType === 'book') {
    return `/library/${target.id}/bookshelf/series`
  }
  if (currentLibraryId) {
    if (name.startsWith('library-library-search')) return swapLibraryId(fullPath, currentLibraryId, target.id)
    if (name.startsWith('library')) {
      if (!targetHasPage(path, currentLibraryId, target)) return `/library/${target.id}/bookshelf`
      return swapLibraryId(path, currentLibraryId, target.id)
    }
  }
  return `/library/${target.id}`
}

/** Replaces the `/library/{id}` segment only, never an equal string elsewhere in the path or query. */
function swapLibraryId(path: string, fromId: string, toId: string): string {
  const prefix = `/library/${fromId}`
  if (
    path === prefix ||
    path.startsWith(`${prefix}/`) ||
    path.startsWith(`${prefix}?`) ||
    path.startsWith(`${prefix}#`)
  ) {
    return `/library/${toId}${path.slice(prefix.length)}`
  }
  return `/library/${toId}`
}
