import { z } from 'zod'
import { Task } from './entities/task.ts'

/**
 * Audio tools (modules/tools, admin only): merge a book's audio files into one M4B, write the item's metadata into
 * its audio files, split an M4B into one MP3 per chapter. Each runs as a task; the HTTP call answers once the task
 * is queued or started, progress arrives as `task_progress` and `track_*` events.
 */

/** `bitrate` as ffmpeg takes it: 16k–320k. */
export const Bitrate = z
  .string()
  .regex(/^(1[6-9]|[2-9]\d|[12]\d\d|3[01]\d|320)k$/, 'Bitrate must be between 16k and 320k')

/** POST /api/tools/item/:id/encode-m4b query (Audiobookshelf's `bitrate`, `codec`, `channels`; the rest ours). */
export const EncodeM4bQuery = z.object({
  /** `copy` is only honoured when every input is AAC with the same sample rate and channels; else AAC is encoded. */
  codec: z.enum(['aac', 'copy']).default('aac'),
  bitrate: Bitrate.default('128k'),
  channels: z.coerce.number().int().min(1).max(2).default(2),
  /** Hz; absent keeps the inputs' rate (the first file's). */
  sampleRate: z.coerce
    .number()
    .int()
    .refine((r) => [22050, 24000, 32000, 44100, 48000].includes(r), 'Unsupported sample rate')
    .optional(),
  /** `item`: the item's chapters; `files`: one chapter per input file, named by its title tag or file name. */
  chapters: z.enum(['item', 'files']).default('item'),
})
export type EncodeM4bQuery = z.input<typeof EncodeM4bQuery>

/** POST /api/tools/item/:id/embed-metadata query (Audiobookshelf's flags: `1` / `0`). */
export const EmbedMetadataQuery = z.object({
  /** Embed chapters even into a book of several files (each file gets the chapters that fall in it). */
  forceEmbedChapters: z.enum(['0', '1']).optional(),
  /** Copy every audio file to the item's backup folder (metadata/cache/items/:id) before writing it. */
  backup: z.enum(['0', '1']).optional(),
})
export type EmbedMetadataQuery = z.input<typeof EmbedMetadataQuery>

/** POST /api/tools/batch/embed-metadata body. */
export const BatchEmbedMetadataRequest = z.object({
  libraryItemIds: z.array(z.string().min(1).max(200)).min(1).max(1000),
})
export type BatchEmbedMetadataRequest = z.infer<typeof BatchEmbedMetadataRequest>

/** POST /api/tools/item/:id/split-m4b body: one MP3 per chapter into a new folder beside the book's. */
export const SplitM4bRequest = z.object({
  bitrate: Bitrate.default('128k'),
})
export type SplitM4bRequest = z.input<typeof SplitM4bRequest>

/** The answer of a tool call: the task it started (or queued). */
export const ToolTaskResponse = z.object({ task: Task })
export type ToolTaskResponse = z.infer<typeof ToolTaskResponse>

/** POST /api/tools/batch/embed-metadata answer: how many items joined the queue (those already in it are skipped). */
export const BatchEmbedMetadataResponse = z.object({ numQueued: z.number().int() })
export type BatchEmbedMetadataResponse = z.infer<typeof BatchEmbedMetadataResponse>

/** One line of a tool run's log (the manage page shows them). */
export const ToolLogLine = z.object({
  /** Epoch ms. */
  timestamp: z.number(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
})
export type ToolLogLine = z.infer<typeof ToolLogLine>

/** GET /api/tools/item/:id/log: the item's latest tool run (kept in memory, last 500 lines), or none. */
export const ToolRunLog = z.object({
  task: Task.nullable(),
  lines: z.array(ToolLogLine),
})
export type ToolRunLog = z.infer<typeof ToolRunLog>

/** Socket events of the tools (Audiobookshelf's payloads). */
export const TrackStarted = z.object({ libraryItemId: z.string(), ino: z.string() })
export const TrackProgress = z.object({
  libraryItemId: z.string(),
  ino: z.string(),
  /** 0–100. */
  progress: z.number(),
})
export const TrackFinished = z.object({ libraryItemId: z.string(), ino: z.string() })
export const MetadataEmbedQueueUpdate = z.object({ libraryItemId: z.string(), queued: z.boolean() })
