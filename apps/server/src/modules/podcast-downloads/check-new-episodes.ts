import { episodeKeys, type EpisodeKeyFields } from './episode-download-queue.ts'

/**
 * The feed episodes worth downloading: published after `after` (episodes without a date cannot be placed and
 * are left to a manual pick), not already present (`known` guids / enclosure URLs), newest first, at most
 * `limit` (0 = all). One pass with set lookups: a 5,000-episode feed against 5,000 episodes is milliseconds.
 */
export function selectNewEpisodes<E extends EpisodeKeyFields & { publishedAt: number | null }>(
  episodes: readonly E[],
  after: number,
  known: ReadonlySet<string>,
  limit: number,
): E[] {
  const fresh = episodes.filter(
    (e) => e.publishedAt !== null && e.publishedAt > after && !episodeKeys(e).some((k) => known.has(k)),
  )
  fresh.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0))
  return limit > 0 ? fresh.slice(0, limit) : fresh
}
