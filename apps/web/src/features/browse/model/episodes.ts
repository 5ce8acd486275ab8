import type { MediaProgress, PodcastEpisode, User } from '@shelfcast/contracts'

export const episodeSortKeys = ['publishedAt', 'title', 'season', 'episode', 'duration'] as const
export type EpisodeSortKey = (typeof episodeSortKeys)[number]

export const episodeFilters = ['all', 'incomplete', 'inProgress', 'complete'] as const
export type EpisodeFilter = (typeof episodeFilters)[number]

/** A stored sort key or filter, or the default when it is not one (settings from another version). */
export const asEpisodeSortKey = (value: string): EpisodeSortKey =>
  (episodeSortKeys as readonly string[]).includes(value) ? (value as EpisodeSortKey) : 'publishedAt'
export const asEpisodeFilter = (value: string): EpisodeFilter =>
  (episodeFilters as readonly string[]).includes(value) ? (value as EpisodeFilter) : 'all'

const numberOf = (text: string | null) => {
  const n = Number.parseFloat(text ?? '')
  return Number.isFinite(n) ? n : Number.NEGATIVE_INFINITY
}

/** Episodes in the chosen order (numbers compare as numbers; missing values sort first ascending). */
export function sortEpisodes(
  episodes: readonly PodcastEpisode[],
  key: EpisodeSortKey,
  desc: boolean,
): PodcastEpisode[] {
  const value = (e: PodcastEpisode): number | string => {
    switch (key) {
      case 'publishedAt':
        return e.publishedAt ?? Number.NEGATIVE_INFINITY
      case 'title':
        return e.title.toLocaleLowerCase()
      case 'season':
        return numberOf(e.season)
      case 'episode':
        return numberOf(e.episode)
      case 'duration':
        return e.duration
    }
  }
  // Values computed once per episode: a 5,000-episode sort compares ~60,000 times.
  const keyed = episodes.map((episode) => ({ episode, value: value(episode) }))
  keyed.sort((a, b) => {
    const va = a.value
    const vb = b.value
    const order =
      typeof va === 'string' && typeof vb === 'string'
        ? va.localeCompare(vb)
        : (va as number) < (vb as number)
          ? -1
          : va > vb
            ? 1
            : 0
    return order || a.episode.id.localeCompare(b.episode.id)
  })
  const sorted = keyed.map((k) => k.episode)
  return desc ? sorted.reverse() : sorted
}

/** The user's progress on each episode of one podcast item, by episode id. */
export function episodeProgressIndex(user: User | null, libraryItemId: string): Map<string, MediaProgress> {
  const index = new Map<string, MediaProgress>()
  for (const progress of user?.mediaProgress ?? []) {
    if (progress.libraryItemId === libraryItemId && progress.episodeId)
      index.set(progress.episodeId, progress)
  }
  return index
}

/** Where an episode stands for the user: not started, started (not finished) or finished. */
export function episodeState(progress: MediaProgress | undefined): 'new' | 'inProgress' | 'finished' {
  if (!progress) return 'new'
  if (progress.isFinished) return 'finished'
  return progress.currentTime > 0 || progress.progress > 0 ? 'inProgress' : 'new'
}

/** Whether an episode passes the table's filter: incomplete is anything not finished. */
export function matchesFilter(progress: MediaProgress | undefined, filter: EpisodeFilter): boolean {
  const state = episodeState(progress)
  switch (filter) {
    case 'all':
      return true
    case 'incomplete':
      return state !== 'finished'
    case 'inProgress':
      return state === 'inProgress'
    case 'complete':
      return state === 'finished'
  }
}

/** The table's rows: filtered by progress and by a title search (case-insensitive), then sorted. */
export function episodeTableRows(
  episodes: readonly PodcastEpisode[],
  options: {
    progress: ReadonlyMap<string, MediaProgress>
    filter: EpisodeFilter
    search: string
    sort: EpisodeSortKey
    desc: boolean
  },
): PodcastEpisode[] {
  const needle = options.search.trim().toLocaleLowerCase()
  const kept = episodes.filter(
    (episode) =>
      matchesFilter(options.progress.get(episode.id), options.filter) &&
      (!needle || episode.title.toLocaleLowerCase().includes(needle)),
  )
  return sortEpisodes(kept, options.sort, options.desc)
}

/** Seconds left of a started episode (null when unknown or not started). */
export function episodeTimeLeft(episode: PodcastEpisode, progress: MediaProgress | undefined): number | null {
  if (episodeState(progress) !== 'inProgress' || !progress) return null
  const duration = progress.duration > 0 ? progress.duration : episode.duration
  if (!(duration > 0)) return null
  return Math.max(0, duration - progress.currentTime)
}
