import type { FeedEpisode } from '@shelfcast/contracts'

/** What a podcast's own episodes say about themselves (minified episodes carry no enclosure). */
export interface OwnEpisode {
  title: string
  guid: string | null
  enclosure?: { url: string } | null
}

const titleKey = (title: string) => title.trim().toLowerCase()

/**
 * Whether a feed episode is one the podcast has already: the same guid, the same enclosure URL, or the
 * same title (feeds that change guids keep their titles).
 */
export function downloadedMatcher(own: readonly OwnEpisode[]): (episode: FeedEpisode) => boolean {
  const guids = new Set(own.map((e) => e.guid).filter((g): g is string => !!g))
  const urls = new Set(own.map((e) => e.enclosure?.url).filter((u): u is string => !!u))
  const titles = new Set(own.map((e) => titleKey(e.title)).filter(Boolean))
  return (episode) =>
    (!!episode.guid && guids.has(episode.guid)) ||
    urls.has(episode.enclosure.url) ||
    titles.has(titleKey(episode.title))
}

/** Newest first; episodes without a date go last, in feed order. */
export function newestFirst(episodes: readonly FeedEpisode[]): FeedEpisode[] {
  return episodes
    .map((episode, index) => ({ episode, index }))
    .sort(
      (a, b) =>
        (b.episode.publishedAt ?? -Infinity) - (a.episode.publishedAt ?? -Infinity) || a.index - b.index,
    )
    .map(({ episode }) => episode)
}

/** Episodes whose title or subtitle holds the search text (any case). */
export function searchEpisodes(episodes: readonly FeedEpisode[], search: string): FeedEpisode[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...episodes]
  return episodes.filter(
    (e) => e.title.toLowerCase().includes(needle) || (e.subtitle ?? '').toLowerCase().includes(needle),
  )
}

/** The key a feed episode is selected by (guid, else its enclosure URL). */
export const feedEpisodeKey = (episode: FeedEpisode) => episode.guid ?? episode.enclosure.url
