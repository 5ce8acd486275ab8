import type { FeedEpisode } from '@shelfcast/contracts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { type EpisodeRow } from '../../db/item-rows.ts'

/** Edit distance (insertions, deletions, substitutions) with two rows of memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0
  if (a.length === 0) return b.length
  if (b.length === 0) return a.length
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  let cur = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length] ?? 0
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()

/** Feed episodes nearest a title (case and spacing ignored), best first. */
export function nearestEpisodes(
  episodes: readonly FeedEpisode[],
  title: string,
  max = 20,
): { episode: FeedEpisode; levenshtein: number }[] {
  const wanted = norm(title)
  return episodes
    .map((episode) => ({ episode, levenshtein: levenshtein(wanted, norm(episode.title)) }))
    .sort((a, b) => a.levenshtein - b.levenshtein)
    .slice(0, max)
}

/**
 * The feed episode an episode row is: same guid, else same enclosure URL, else the same title, else a
 * title within a few edits (at most a fifth of its length). Null when nothing is that close.
 */
export function feedEpisodeFor(row: EpisodeRow, feed: readonly FeedEpisode[]): FeedEpisode | null {
  if (row.guid) {
    const byGuid = feed.find((e) => e.guid === row.guid)
    if (byGuid) return byGuid
  }
  const url = enclosureUrl(row.enclosure)
  const byUrl = url ? feed.find((e) => e.enclosure.url === url) : undefined
  if (byUrl) return byUrl
  const title = norm(row.title)
  const [best] = nearestEpisodes(feed, title, 1)
  if (!best) return null
  return best.levenshtein <= Math.min(5, Math.floor(title.length / 5)) ? best.episode : null
}

function enclosureUrl(json: string | null): string | null {
  if (!json) return null
  try {
    const v = JSON.parse(json) as { url?: unknown }
    return typeof v.url === 'string' ? v.url : null
  } catch {
    return null
  }
}

/** The episode row columns a feed episode says (what a download or a match writes). */
export function feedEpisodeColumns(e: FeedEpisode) {
  return {
    title: e.title,
    subtitle: e.subtitle,
    // The episodes of a download request come from the client, not only from our own feed answer.
    description: sanitizeDescription(e.description),
    pub_date: e.pubDate,
    published_at: e.publishedAt,
    season: e.season,
    episode: e.episode,
    episode_type: e.episodeType,
    guid: e.guid,
    enclosure: JSON.stringify(e.enclosure),
  } satisfies Partial<EpisodeRow>
}
