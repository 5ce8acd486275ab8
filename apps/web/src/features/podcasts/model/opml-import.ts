import type { OpmlCreateRequest, OpmlFeed } from '@shelfcast/contracts'

/** The file picker's filter: OPML exports come as .opml, sometimes as plain .xml. */
export const OPML_FILE_ACCEPT = '.opml,.xml,text/x-opml,application/xml,text/xml'

/** The parsed feeds without repeats (same URL twice in one file) or blank URLs, in file order. */
export function distinctOpmlFeeds(feeds: readonly OpmlFeed[]): OpmlFeed[] {
  const seen = new Set<string>()
  return feeds.filter((feed) => {
    const url = feed.feedUrl.trim()
    if (!url || seen.has(url)) return false
    seen.add(url)
    return true
  })
}

/** POST /api/podcasts/opml/create for the ticked feeds (kept in file order), or null when none is ticked. */
export function opmlCreateRequest(
  feeds: readonly OpmlFeed[],
  selected: ReadonlySet<string>,
  target: { libraryId: string; folderId: string; autoDownloadEpisodes: boolean },
): OpmlCreateRequest | null {
  const chosen = feeds.map((f) => f.feedUrl.trim()).filter((url) => selected.has(url))
  if (chosen.length === 0 || !target.folderId) return null
  return { feeds: chosen, ...target }
}
