import type { SearchResponse } from '@shelfcast/contracts'

export const emptySearchResults = (): SearchResponse => ({
  book: [],
  podcast: [],
  episodes: [],
  narrators: [],
  tags: [],
  genres: [],
  series: [],
  authors: [],
})

/**
 * What the global search shows (spec §2/§4): nothing for an empty box; 'Thinking...' while the typing
 * has not settled (750 ms); 'Fetching...' while the settled query loads; then the results, or
 * 'No results'.
 */
export type SearchPhase = 'idle' | 'thinking' | 'fetching' | 'results' | 'empty'

export function searchPhase(
  input: string,
  settled: string,
  results: SearchResponse | undefined,
): SearchPhase {
  const typed = input.trim()
  if (!typed) return 'idle'
  if (typed !== settled.trim()) return 'thinking'
  if (!results) return 'fetching'
  return searchGroups(results).length > 0 ? 'results' : 'empty'
}

export type SearchGroupId =
  'books' | 'podcasts' | 'episodes' | 'authors' | 'series' | 'tags' | 'genres' | 'narrators'

/** The hits of one key of the answer; a book library's answer has no podcast keys and the other way round. */
type Hits<K extends keyof SearchResponse> = NonNullable<SearchResponse[K]>

export type SearchGroup =
  | { id: 'books' | 'podcasts'; labelKey: string; hits: Hits<'book'> }
  | { id: 'episodes'; labelKey: string; hits: Hits<'episodes'> }
  | { id: 'authors'; labelKey: string; hits: Hits<'authors'> }
  | { id: 'series'; labelKey: string; hits: Hits<'series'> }
  | { id: 'tags' | 'genres'; labelKey: string; hits: Hits<'tags'> }
  | { id: 'narrators'; labelKey: string; hits: Hits<'narrators'> }

/** The non-empty groups in the spec's order: Books, Podcasts, Episodes, Authors, Series, Tags, Genres, Narrators. */
export function searchGroups(results: SearchResponse): SearchGroup[] {
  const groups: SearchGroup[] = [
    { id: 'books', labelKey: 'LabelBooks', hits: results.book ?? [] },
    { id: 'podcasts', labelKey: 'LabelPodcasts', hits: results.podcast ?? [] },
    { id: 'episodes', labelKey: 'LabelEpisodes', hits: results.episodes ?? [] },
    { id: 'authors', labelKey: 'LabelAuthors', hits: results.authors ?? [] },
    { id: 'series', labelKey: 'LabelSeries', hits: results.series ?? [] },
    { id: 'tags', labelKey: 'LabelTags', hits: results.tags ?? [] },
    { id: 'genres', labelKey: 'LabelGenres', hits: results.genres ?? [] },
    { id: 'narrators', labelKey: 'LabelNarrators', hits: results.narrators ?? [] },
  ]
  return groups.filter((group) => group.hits.length > 0)
}

export const searchPagePath = (libraryId: string, q: string) =>
  `/library/${libraryId}/search?${new URLSearchParams({ q: q.trim() }).toString()}`
