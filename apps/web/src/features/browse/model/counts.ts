import type { TFunction } from 'i18next'

const countKeys = {
  Book: ['LabelBookCountOne', 'LabelBookCountOther'],
  Podcast: ['LabelPodcastCountOne', 'LabelPodcastCountOther'],
  Series: ['LabelSeriesCountOne', 'LabelSeriesCountOther'],
  Author: ['LabelAuthorCountOne', 'LabelAuthorCountOther'],
  Narrator: ['LabelNarratorCountOne', 'LabelNarratorCountOther'],
  Item: ['LabelItemCountOne', 'LabelItemCountOther'],
  Episode: ['LabelEpisodeCountOne', 'LabelEpisodeCountOther'],
  Collection: ['LabelCollectionCountOne', 'LabelCollectionCountOther'],
  Playlist: ['LabelPlaylistCountOne', 'LabelPlaylistCountOther'],
} as const

export type CountNoun = keyof typeof countKeys

/** "1 book", "12,345 books": a count with its noun, the number formatted for the language. */
export function countText(t: TFunction, noun: CountNoun, count: number, locale?: string): string {
  const [one, other] = countKeys[noun]
  return t(count === 1 ? one : other, { count, formatted: count.toLocaleString(locale) })
}
