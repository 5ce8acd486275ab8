import { BatchGetItemsRequest, BatchGetItemsResponse, CoverQuery, ItemQuery, ItemResponse } from '../items.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Items'
const imageTypes = 'image/webp, image/jpeg, image/png'

/** Reading library items: one item, several, covers, files and ebooks (modules/library-items). */
export const itemRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/items/:id',
    tag,
    summary: 'One item: expanded with expanded=1, full without; include=progress,rssfeed,share,downloads',
    query: ItemQuery,
    answer: ItemResponse,
    errors: { 404: 'No such item, or not accessible' },
  }),
  batchGet: defineRoute({
    method: 'POST',
    path: '/api/items/batch/get',
    tag,
    summary: 'Several items, expanded, in request order (ones the caller may not see are left out)',
    body: BatchGetItemsRequest,
    answer: BatchGetItemsResponse,
    errors: { 400: 'Bad id list' },
  }),
  cover: defineRoute({
    method: 'GET',
    path: '/api/items/:id/cover',
    tag,
    summary: "An item's cover, resized to a few steps (or raw); public, as in Audiobookshelf",
    access: 'public',
    query: CoverQuery,
    answer: rawAnswer.bytes(imageTypes, 'The cover image'),
    errors: { 404: 'No such item, or it has no cover' },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/items/:id/file/:ino',
    tag,
    summary: 'One file of an item, with byte ranges',
    queryToken: true,
    answer: rawAnswer.bytes('application/octet-stream', 'The file (its own media type)'),
    errors: { 404: 'No such item or file, or not accessible' },
  }),
  ebook: defineRoute({
    method: 'GET',
    path: '/api/items/:id/ebook',
    tag,
    summary: "A book's ebook file, with byte ranges",
    queryToken: true,
    answer: rawAnswer.bytes('application/octet-stream', 'The ebook (its own media type)'),
    errors: { 404: 'No such item or no ebook, or not accessible' },
  }),
  ebookFile: defineRoute({
    method: 'GET',
    path: '/api/items/:id/ebook/:fileid',
    tag,
    summary: 'One ebook file of an item (a supplementary one by its ino), with byte ranges',
    queryToken: true,
    answer: rawAnswer.bytes('application/octet-stream', 'The ebook (its own media type)'),
    errors: { 404: 'No such item or ebook file, or not accessible' },
  }),
} as const
