import type { PodcastEpisode } from '@shelfcast/contracts'

export type EpisodeSortKey = 'publishedAt' | 'title' | 'season' | 'episode' | 'duration'
export const EPISODES_PER_PAGE = 25

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
  const sorted = [...episodes].sort((a, b) => {
    const va = value(a)
    const vb = value(b)
    const order =
      typeof va === 'string' && typeof vb === 'string'
        ? va.localeCompare(vb)
        : (va as number) < (vb as number)
          ? -1
          : va > vb
            ? 1
            : 0
    return order || a.id.localeCompare(b.id)
  })
  return desc ? sorted.reverse() : sorted
}

/** One page of a list (0-based) and how many pages there are. */
export function pageSlice<T>(
  list: readonly T[],
  page: number,
  perPage = EPISODES_PER_PAGE,
): { items: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(list.length / perPage))
  const clamped = Math.min(Math.max(0, page), pages - 1)
  return { items: list.slice(clamped * perPage, (clamped + 1) * perPage), pages, page: clamped }
}
