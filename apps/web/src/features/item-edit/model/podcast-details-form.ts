import type { Podcast, PodcastMetadata } from '@shelfcast/contracts'
import type { PodcastMediaPatch } from '../api.ts'

type PodcastType = NonNullable<PodcastMetadata['type']>

/** The details tab of a podcast as edited: text fields as strings ('' for none). */
export interface PodcastDetailsForm {
  title: string
  author: string
  description: string
  releaseDate: string
  genres: string[]
  tags: string[]
  feedUrl: string
  itunesPageUrl: string
  itunesId: string
  itunesArtistId: string
  language: string
  explicit: boolean
  type: PodcastType | ''
}

const textFields = [
  'author',
  'description',
  'releaseDate',
  'feedUrl',
  'itunesPageUrl',
  'itunesId',
  'itunesArtistId',
  'language',
] as const

export function formFromPodcast(podcast: Pick<Podcast, 'metadata' | 'tags'>): PodcastDetailsForm {
  const m = podcast.metadata
  return {
    title: m.title ?? '',
    author: m.author ?? '',
    description: m.description ?? '',
    releaseDate: m.releaseDate ?? '',
    genres: [...m.genres],
    tags: [...podcast.tags],
    feedUrl: m.feedUrl ?? '',
    itunesPageUrl: m.itunesPageUrl ?? '',
    itunesId: m.itunesId ?? '',
    itunesArtistId: m.itunesArtistId ?? '',
    language: m.language ?? '',
    explicit: m.explicit,
    type: m.type ?? '',
  }
}

const clean = (list: readonly string[]) => list.map((v) => v.trim()).filter(Boolean)
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

/** Only what changed between the loaded and the edited form, or null (no request). */
export function podcastDetailsChanges(
  initial: PodcastDetailsForm,
  current: PodcastDetailsForm,
): PodcastMediaPatch | null {
  const metadata: NonNullable<PodcastMediaPatch['metadata']> = {}
  if (current.title.trim() !== initial.title.trim()) metadata.title = current.title.trim()
  for (const field of textFields) {
    const value = current[field].trim()
    if (value !== initial[field].trim()) metadata[field] = value || null
  }
  if (!sameList(clean(current.genres), clean(initial.genres))) metadata.genres = clean(current.genres)
  if (current.explicit !== initial.explicit) metadata.explicit = current.explicit
  if (current.type !== initial.type) metadata.type = current.type || null
  const body: PodcastMediaPatch = {}
  if (Object.keys(metadata).length > 0) body.metadata = metadata
  if (!sameList(clean(current.tags), clean(initial.tags))) body.tags = clean(current.tags)
  return Object.keys(body).length > 0 ? body : null
}
