import { z } from 'zod'
import {
  BatchEmbedMetadataRequest,
  BatchEmbedMetadataResponse,
  EmbedMetadataQuery,
  EncodeM4bQuery,
  SplitM4bRequest,
  ToolRunLog,
  ToolTaskResponse,
} from '../tools.ts'
import { defineRoute } from './route.ts'

const tag = 'Tools'
const itemParams = z.object({ id: z.string().min(1).max(200) })
const itemErrors = {
  400: 'Bad options, a missing item, or an item the tool cannot work on (no audio, podcast, already one M4B)',
  404: 'No such item',
  409: 'A tool is already running on this item',
} as const

/** Audio tools (modules/tools): admin only, each run a task with live progress (spec §3 encode-m4b). */
export const toolRoutes = {
  encodeM4b: defineRoute({
    method: 'POST',
    path: '/api/tools/item/:id/encode-m4b',
    tag,
    summary: "Merges the book's audio files into one M4B with chapters, cover and tags (originals backed up)",
    access: 'admin',
    params: itemParams,
    query: EncodeM4bQuery,
    answer: ToolTaskResponse,
    errors: itemErrors,
  }),
  cancelEncodeM4b: defineRoute({
    method: 'DELETE',
    path: '/api/tools/item/:id/encode-m4b',
    tag,
    summary: 'Cancels the running encode: ffmpeg is stopped, partial output removed, originals untouched',
    access: 'admin',
    params: itemParams,
    answer: ToolTaskResponse,
    errors: { 404: 'No encode is running for this item' },
  }),
  splitM4b: defineRoute({
    method: 'POST',
    path: '/api/tools/item/:id/split-m4b',
    tag,
    summary: 'Splits a one-file M4B into one tagged MP3 per chapter in a new folder (the original is kept)',
    access: 'admin',
    params: itemParams,
    body: SplitM4bRequest,
    answer: ToolTaskResponse,
    errors: itemErrors,
  }),
  cancelSplitM4b: defineRoute({
    method: 'DELETE',
    path: '/api/tools/item/:id/split-m4b',
    tag,
    summary: 'Cancels the running split: ffmpeg is stopped, the partial MP3s removed, the book untouched',
    access: 'admin',
    params: itemParams,
    answer: ToolTaskResponse,
    errors: { 404: 'No split is running for this item' },
  }),
  log: defineRoute({
    method: 'GET',
    path: '/api/tools/item/:id/log',
    tag,
    summary: "The item's latest tool run and its log lines",
    access: 'admin',
    params: itemParams,
    answer: ToolRunLog,
    errors: { 404: 'No such item' },
  }),
}

/** Metadata embedding (modules/tools/embed): one item at once, or many through a queue (`GET /api/tasks?include=queue`). */
export const embedRoutes = {
  embedMetadata: defineRoute({
    method: 'POST',
    path: '/api/tools/item/:id/embed-metadata',
    tag,
    summary: "Writes the item's metadata, cover and chapters into its audio files",
    access: 'admin',
    params: itemParams,
    query: EmbedMetadataQuery,
    answer: ToolTaskResponse,
    errors: itemErrors,
  }),
  batchEmbedMetadata: defineRoute({
    method: 'POST',
    path: '/api/tools/batch/embed-metadata',
    tag,
    summary: 'Queues metadata embeds for many books (one at a time; `metadata_embed_queue_update` per item)',
    access: 'admin',
    body: BatchEmbedMetadataRequest,
    answer: BatchEmbedMetadataResponse,
    errors: { 400: 'No ids, too many, or an item without audio or of a podcast', 404: 'An id names no item' },
  }),
}
