/** User settings the web client keeps in local storage (spec §3), with their defaults. */
export interface LocalUserSettings {
  orderBy: string
  orderDesc: boolean
  filterBy: string
  playbackRate: number
  playbackRateIncrementDecrement: number
  bookshelfCoverSize: number
  collapseSeries: boolean
  collapseBookSeries: boolean
  showSubtitles: boolean
  useChapterTrack: boolean
  seriesSortBy: string
  seriesSortDesc: boolean
  seriesFilterBy: string
  authorSortBy: string
  authorSortDesc: boolean
  jumpForwardAmount: number
  jumpBackwardAmount: number
  /** The podcast page's episode table (kept across visits and podcasts). */
  episodesSortBy: string
  episodesSortDesc: boolean
  episodesFilterBy: string
}

export const defaultLocalUserSettings: LocalUserSettings = {
  orderBy: 'media.metadata.title',
  orderDesc: false,
  filterBy: 'all',
  playbackRate: 1,
  playbackRateIncrementDecrement: 0.1,
  bookshelfCoverSize: 120,
  collapseSeries: false,
  collapseBookSeries: false,
  showSubtitles: false,
  useChapterTrack: false,
  seriesSortBy: 'name',
  seriesSortDesc: false,
  seriesFilterBy: 'all',
  authorSortBy: 'name',
  authorSortDesc: false,
  jumpForwardAmount: 10,
  jumpBackwardAmount: 10,
  episodesSortBy: 'publishedAt',
  episodesSortDesc: true,
  episodesFilterBy: 'all',
}

export const themes = ['dark', 'light', 'sepia'] as const
export type Theme = (typeof themes)[number]
