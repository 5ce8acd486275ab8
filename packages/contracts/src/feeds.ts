import { z } from 'zod'
import { SlugField } from './rules/slug-field.ts'

/** What an RSS feed is opened for (spec §7 `/api/feeds/{entityType}/{entityId}/open`). */
export const FeedEntityType = z.enum(['item', 'collection', 'series'])
export type FeedEntityType = z.infer<typeof FeedEntityType>

/** The editable part of a feed's channel metadata (the RSS modal's metadata builder). */
export const FeedMetadataDetails = z.object({
  /** `<itunes:block>Yes</itunes:block>` and a robots `noindex`: podcast directories leave the feed out. */
  preventIndexing: z.boolean().default(true),
  ownerName: z.string().trim().max(500).nullable().default(null),
  ownerEmail: z.string().trim().max(500).nullable().default(null),
})
export type FeedMetadataDetails = z.infer<typeof FeedMetadataDetails>

/** Audiobookshelf's minified feed (`rssFeed` of include=rssfeed, the open answer, `rss_feed_open/closed`). */
export const FeedMinified = z.object({
  id: z.string(),
  entityType: FeedEntityType,
  entityId: z.string(),
  /** Absolute: the server address given at open + `/feed/` + slug. */
  feedUrl: z.string(),
  meta: z.object({
    title: z.string(),
    description: z.string().nullable(),
    preventIndexing: z.boolean(),
    ownerName: z.string().nullable(),
    ownerEmail: z.string().nullable(),
  }),
  /** Ours, beside Audiobookshelf's fields (apps ignore them): the slug, and the §8 missing-pubDate warning. */
  slug: z.string(),
  hasEpisodesWithoutPubDate: z.boolean(),
})
export type FeedMinified = z.infer<typeof FeedMinified>

/** One `<item>` of a feed as the admin list shows it (no file paths: §17 feeds never expose them). */
export const FeedEntry = z.object({
  id: z.string(),
  title: z.string(),
  /** Absolute enclosure URL under `/feed/:slug/item/...`. */
  enclosure: z.object({ url: z.string(), type: z.string(), size: z.number() }),
  pubDate: z.string().nullable(),
  duration: z.number(),
  libraryItemId: z.string(),
  episodeId: z.string().nullable(),
  trackIndex: z.number().int().nullable(),
})
export type FeedEntry = z.infer<typeof FeedEntry>

/** Audiobookshelf's full feed JSON (GET /api/feeds): the minified fields plus the channel and its episodes. */
export const Feed = FeedMinified.extend({
  userId: z.string(),
  serverAddress: z.string(),
  coverPath: z.string().nullable(),
  meta: FeedMinified.shape.meta.extend({
    author: z.string().nullable(),
    imageUrl: z.string(),
    feedUrl: z.string(),
    link: z.string(),
    explicit: z.boolean(),
    type: z.enum(['episodic', 'serial']),
    language: z.string().nullable(),
  }),
  episodes: z.array(FeedEntry),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type Feed = z.infer<typeof Feed>

export const FeedsResponse = z.object({ feeds: z.array(Feed) })
export type FeedsResponse = z.infer<typeof FeedsResponse>

/**
 * POST /api/feeds/{entityType}/{entityId}/open. The slug must already be sanitised (§5: the client offers
 * `sanitizeSlug` of what was typed); `serverAddress` is the origin plus base path the feed's URLs start with.
 */
export const OpenFeedRequest = z.object({
  serverAddress: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, 'Invalid server address'),
  slug: SlugField,
  metadataDetails: FeedMetadataDetails.default({ preventIndexing: true, ownerName: null, ownerEmail: null }),
})
export type OpenFeedRequest = z.input<typeof OpenFeedRequest>

export const OpenFeedResponse = z.object({ feed: FeedMinified })
export type OpenFeedResponse = z.infer<typeof OpenFeedResponse>
