import { z } from 'zod'
import { FeedsResponse, OpenFeedRequest, OpenFeedResponse } from '../feeds.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'RSS feeds'

const openErrors = {
  400: 'Slug missing, invalid or already in use; bad server address; or nothing playable to list',
  404: 'No such item, collection or series',
} as const

/**
 * RSS feeds out (modules/feeds): admins open a feed for an item, a collection or a series; podcast apps read
 * `/feed/:slug` without an account. The cover and enclosure routes under `/feed/:slug/` are declared with them.
 */
export const feedRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/feeds',
    tag,
    summary: 'Every open feed with its channel and episodes',
    access: 'admin',
    answer: FeedsResponse,
  }),
  openForItem: defineRoute({
    method: 'POST',
    path: '/api/feeds/item/:itemId/open',
    tag,
    summary:
      'Opens a feed of a book (one episode per track) or a podcast (its episodes); sends rss_feed_open',
    access: 'admin',
    params: z.object({ itemId: z.string().min(1).max(200) }),
    body: OpenFeedRequest,
    answer: OpenFeedResponse,
    errors: openErrors,
  }),
  openForCollection: defineRoute({
    method: 'POST',
    path: '/api/feeds/collection/:collectionId/open',
    tag,
    summary: "Opens a feed of a collection's books; it follows the collection as it changes",
    access: 'admin',
    params: z.object({ collectionId: z.string().min(1).max(200) }),
    body: OpenFeedRequest,
    answer: OpenFeedResponse,
    errors: openErrors,
  }),
  openForSeries: defineRoute({
    method: 'POST',
    path: '/api/feeds/series/:seriesId/open',
    tag,
    summary: "Opens a feed of a series' books in sequence order",
    access: 'admin',
    params: z.object({ seriesId: z.string().min(1).max(200) }),
    body: OpenFeedRequest,
    answer: OpenFeedResponse,
    errors: openErrors,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/feeds/:id/close',
    tag,
    summary: 'Closes a feed; its URL answers 404 from now on; sends rss_feed_closed',
    access: 'admin',
    answer: rawAnswer.text('`OK`'),
    errors: { 404: 'No such feed' },
  }),
  xml: defineRoute({
    method: 'GET',
    path: '/feed/:slug',
    tag,
    summary: 'The RSS 2.0 document (itunes and podcast namespaces); ETag / Last-Modified, 304 when unchanged',
    access: 'public',
    answer: rawAnswer.text('RSS 2.0', 'application/rss+xml'),
    errors: { 404: 'No open feed with this slug' },
  }),
  cover: defineRoute({
    method: 'GET',
    path: '/feed/:slug/cover*',
    tag,
    summary: "The feed's cover image (`cover.jpg` and the like: the name after `cover` is ignored)",
    access: 'public',
    params: z.object({ slug: z.string().min(1).max(500) }),
    answer: rawAnswer.bytes('image/*', 'The cover image'),
    errors: { 404: 'No open feed with this slug, or it has no cover' },
  }),
  enclosure: defineRoute({
    method: 'GET',
    path: '/feed/:slug/item/:episodeId/*',
    tag,
    summary:
      "One episode's audio file of an open feed, with byte ranges (the file name after the id is ignored)",
    access: 'public',
    params: z.object({ slug: z.string().min(1).max(500), episodeId: z.string().min(1).max(200) }),
    answer: rawAnswer.bytes('audio/*', 'The audio file'),
    errors: { 404: 'No open feed with this slug, or no such episode in it' },
  }),
} as const
