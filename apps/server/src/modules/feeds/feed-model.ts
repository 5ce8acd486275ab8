import { z } from 'zod'
import type { FeedMinified } from '@shelfcast/contracts'
import { jsonColumn } from '../../db/item-rows.ts'
import type { FeedRow } from './feeds.repository.ts'

/** The `meta` column: the editable channel metadata and the names the feed was opened with. */
export const StoredFeedMeta = z.object({
  title: z.string().default(''),
  description: z.string().nullable().default(null),
  preventIndexing: z.boolean().default(true),
  ownerName: z.string().nullable().default(null),
  ownerEmail: z.string().nullable().default(null),
})
export type StoredFeedMeta = z.infer<typeof StoredFeedMeta>
const fallbackMeta = StoredFeedMeta.parse({})

export const storedMeta = (row: FeedRow): StoredFeedMeta => jsonColumn(row.meta, StoredFeedMeta, fallbackMeta)

/** The server address without a trailing slash: every URL of the feed starts with it. */
export const baseOf = (row: Pick<FeedRow, 'server_address'>) => row.server_address.replace(/\/+$/, '')

export const feedUrlOf = (row: Pick<FeedRow, 'server_address' | 'slug'>) =>
  `${baseOf(row)}/feed/${encodeURIComponent(row.slug)}`

/** Audiobookshelf's minified feed; `title` is the source's live name when it still exists. */
export function toFeedMinified(
  row: FeedRow,
  live: { title?: string; description?: string | null; hasEpisodesWithoutPubDate?: boolean } = {},
): FeedMinified {
  const meta = storedMeta(row)
  return {
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    feedUrl: feedUrlOf(row),
    meta: {
      title: live.title ?? meta.title,
      description: live.description !== undefined ? live.description : meta.description,
      preventIndexing: meta.preventIndexing,
      ownerName: meta.ownerName,
      ownerEmail: meta.ownerEmail,
    },
    slug: row.slug,
    hasEpisodesWithoutPubDate: live.hasEpisodesWithoutPubDate ?? false,
  }
}

/** One `<item>` of a feed: a book's audio file or a podcast episode. */
export interface FeedEpisode {
  /** In the enclosure URL: the episode id, or `itemId_ino` for a book's file. */
  id: string
  guid: string
  title: string
  description: string | null
  pubDateMs: number | null
  enclosure: { url: string; type: string; size: number }
  duration: number
  season: string | null
  episode: string | null
  episodeType: string | null
  chapters: { start: number; title: string }[]
  libraryItemId: string
  episodeId: string | null
  trackIndex: number | null
}

/** The channel as the XML and GET /api/feeds show it, built from the live source. */
export interface FeedDocument {
  title: string
  description: string | null
  author: string | null
  link: string
  imageUrl: string
  feedUrl: string
  categories: string[]
  explicit: boolean
  type: 'episodic' | 'serial'
  language: string | null
  preventIndexing: boolean
  ownerName: string | null
  ownerEmail: string | null
  /** The latest change of anything the document is made of (Last-Modified). */
  lastModifiedMs: number
  /** The item whose cover the channel shows, if any. */
  coverItemId: string | null
  episodes: FeedEpisode[]
  hasEpisodesWithoutPubDate: boolean
}
