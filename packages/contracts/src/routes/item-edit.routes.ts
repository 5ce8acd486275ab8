import { z } from 'zod'
import {
  BatchDeleteRequest,
  BatchUpdateRequest,
  BatchUpdateResponse,
  FfprobeResponse,
  UpdateBookMediaRequest,
  UpdateChaptersRequest,
  UpdateChaptersResponse,
  UpdateMediaResponse,
  UpdateTracksRequest,
} from '../item-edit.ts'
import { LibraryItem } from '../entities/library-item.ts'
import { UpdatePodcastMediaRequest } from '../podcasts.ts'
import { queryFlag } from '../query.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Item editing'

/**
 * PATCH /api/items/:id/media: a book's fields or a podcast's (its feed, iTunes ids and schedule too). The item's
 * media type decides which; the server checks the body again with that type's schema.
 */
export const UpdateItemMediaRequest = z.union([UpdateBookMediaRequest, UpdatePodcastMediaRequest])
export type UpdateItemMediaRequest = z.infer<typeof UpdateItemMediaRequest>

/** POST /api/items/:id/cover as JSON: the image the server fetches (through the guarded fetcher). */
export const CoverUrlRequest = z.object({ url: z.string().trim().min(1, 'Invalid image URL').max(4096) })

/** PATCH /api/items/:id/cover: one of the item's own image files becomes its cover. */
export const CoverFileRequest = z.object({ cover: z.string().min(1).max(4096) })

/** The answer of the cover routes that set one: the cover's path on the server. */
export const CoverSetResponse = z.object({ success: z.literal(true), cover: z.string() })

/** `?hard=1` also removes the files from disk. */
const HardDeleteQuery = z.object({ hard: queryFlag.optional() })

/** Editing items: details, chapters, covers, deletes and batch updates (modules/item-edit). */
export const itemEditRoutes = {
  updateMedia: defineRoute({
    method: 'PATCH',
    path: '/api/items/:id/media',
    tag,
    summary: "Changes a book's or a podcast's details and tags (only the fields sent)",
    permission: 'update',
    body: UpdateItemMediaRequest,
    answer: UpdateMediaResponse,
    errors: { 400: 'A field is invalid (the message names it)', 404: 'No such item, or not accessible' },
  }),
  updateChapters: defineRoute({
    method: 'POST',
    path: '/api/items/:id/chapters',
    tag,
    summary: "Replaces a book's chapters (ends recomputed from the next start)",
    permission: 'update',
    body: UpdateChaptersRequest,
    answer: UpdateChaptersResponse,
    errors: { 400: 'Chapters break the rules, or the item is not a book', 404: 'No such item' },
  }),
  setCover: defineRoute({
    method: 'POST',
    path: '/api/items/:id/cover',
    tag,
    summary: 'Sets the cover from an uploaded image or from an image URL',
    permission: 'upload',
    body: CoverUrlRequest,
    multipart: 'Field "cover": the image file (at most 20 MB). Or a JSON body {url} the server fetches.',
    answer: CoverSetResponse,
    errors: {
      400: 'No file, or the bytes or the URL are not an image',
      404: 'No such item',
      413: 'The image is too big',
    },
  }),
  setCoverFromFile: defineRoute({
    method: 'PATCH',
    path: '/api/items/:id/cover',
    tag,
    summary: "Makes one of the item's own image files its cover",
    permission: 'update',
    body: CoverFileRequest,
    answer: CoverSetResponse,
    errors: { 400: 'Not an image file of the item', 404: 'No such item' },
  }),
  removeCover: defineRoute({
    method: 'DELETE',
    path: '/api/items/:id/cover',
    tag,
    summary: 'Removes the cover (the image file stays)',
    permission: 'update',
    answer: z.object({}),
    errors: { 404: 'No such item' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/items/:id',
    tag,
    summary: 'Removes an item from the library (`hard=1`: its files too)',
    permission: 'delete',
    query: HardDeleteQuery,
    answer: z.object({}),
    errors: { 404: 'No such item' },
  }),
  removeMany: defineRoute({
    method: 'POST',
    path: '/api/items/batch/delete',
    tag,
    summary: 'Removes several items (`hard=1`: their files too)',
    permission: 'delete',
    query: HardDeleteQuery,
    body: BatchDeleteRequest,
    answer: z.object({}),
    errors: { 404: 'An item is missing or not accessible' },
  }),
  removeIssues: defineRoute({
    method: 'DELETE',
    path: '/api/libraries/:id/issues',
    tag,
    summary: "Removes the library's items flagged missing or invalid (their files stay)",
    access: 'admin',
    answer: rawAnswer.text('OK'),
    errors: { 404: 'No such library' },
  }),
  updateTracks: defineRoute({
    method: 'PATCH',
    path: '/api/items/:id/tracks',
    tag,
    summary: "Sets a book's track order and excluded tracks (kept across rescans); answers the expanded item",
    permission: 'update',
    body: UpdateTracksRequest,
    answer: LibraryItem,
    errors: {
      400: 'Not a book, an ino that is not an audio file of the item, or an ino given twice',
      404: 'No such item, or not accessible',
    },
  }),
  metadataObject: defineRoute({
    method: 'GET',
    path: '/api/items/:id/metadata-object',
    tag,
    summary: "The item's metadata as its metadata.json would hold it (Audiobookshelf's metadata object)",
    access: 'admin',
    answer: z
      .object({})
      .catchall(z.unknown())
      .describe("metadata.json's fields: title, authors, narrators, series …"),
    errors: { 404: 'No such item' },
  }),
  ffprobe: defineRoute({
    method: 'GET',
    path: '/api/items/:id/ffprobe/:fileid',
    tag,
    summary: "ffprobe's JSON of one audio file of the item",
    access: 'admin',
    answer: FfprobeResponse,
    errors: {
      400: 'ffprobe could not read the file',
      404: 'No such item, no such audio file of it, or the file is gone from disk',
    },
  }),
  removeFile: defineRoute({
    method: 'DELETE',
    path: '/api/items/:id/file/:fileid',
    tag,
    summary:
      'Deletes one file of the item from disk; the item is then rescanned (its tracks, ebook, cover follow)',
    permission: 'delete',
    answer: rawAnswer.text('OK'),
    errors: {
      400: 'The file lies outside the item folder (a symlink leaving it)',
      404: 'No such item, or no such file of it',
    },
  }),
  setEbookStatus: defineRoute({
    method: 'PATCH',
    path: '/api/items/:id/ebook/:fileid/status',
    tag,
    summary: 'Toggles an ebook file between primary and supplementary (kept across rescans)',
    permission: 'update',
    answer: rawAnswer.text('OK'),
    errors: { 400: 'Not an ebook file of the item', 404: 'No such item, or not accessible' },
  }),
  updateMany: defineRoute({
    method: 'POST',
    path: '/api/items/batch/update',
    tag,
    summary: "Changes several books' details, one media payload per item",
    permission: 'update',
    body: BatchUpdateRequest,
    answer: BatchUpdateResponse,
    errors: { 400: 'A payload is invalid', 404: 'An item is missing or not accessible' },
  }),
} as const
