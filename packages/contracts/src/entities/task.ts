import { z } from 'zod'

export const taskActions = [
  'library-scan',
  'library-match-all',
  'download-podcast-episode',
  'encode-m4b',
  'embed-metadata',
  'scan-item',
  /** POST /api/items/batch/quickmatch: quick match of chosen books. */
  'batch-quickmatch',
  /** POST /api/podcasts/opml/create: subscribing to the feeds of an OPML file. */
  'opml-import',
  /** POST /api/backups or the backup schedule: the online database backup, zipped. */
  'backup',
  /** Renaming or removing a tag, genre or narrator on more than 500 items (modules/item-metadata). */
  'item-metadata-update',
  /** POST /api/tools/item/:id/split-m4b: one MP3 per chapter into a new folder. */
  'split-m4b',
] as const
export const TaskAction = z.enum(taskActions)
export type TaskAction = z.infer<typeof TaskAction>

/** What a finished scan did; elapsed in ms. */
export const ScanResults = z.object({
  added: z.number(),
  updated: z.number(),
  missing: z.number(),
  elapsed: z.number(),
})
export type ScanResults = z.infer<typeof ScanResults>

/** A background task as the app bar shows it (spec §3 Task), sent with task_started / task_progress / task_finished. */
export const Task = z.object({
  id: z.string(),
  action: TaskAction,
  data: z
    .object({
      libraryId: z.string().optional(),
      libraryItemId: z.string().optional(),
      libraryName: z.string().optional(),
      scanResults: ScanResults.optional(),
    })
    .catchall(z.unknown()),
  title: z.string(),
  titleKey: z.string().nullable(),
  titleSubs: z.array(z.string()).nullable(),
  description: z.string().nullable(),
  descriptionKey: z.string().nullable(),
  /** Substitutions of descriptionKey / errorKey, like titleSubs (Audiobookshelf sends them; null when none). */
  descriptionSubs: z.array(z.string()).nullable().optional(),
  error: z.string().nullable(),
  errorKey: z.string().nullable(),
  errorSubs: z.array(z.string()).nullable().optional(),
  showSuccess: z.boolean(),
  isFailed: z.boolean(),
  isFinished: z.boolean(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  /** 0-100 while running, when the task can tell. */
  progress: z.number().nullable(),
})
export type Task = z.infer<typeof Task>

/**
 * GET /api/tasks: the running tasks, as Audiobookshelf lists them. `include=queue` adds the embed-metadata
 * queue; `include=finished` (Shelfcast's) also the tasks finished in the last minute, which a client that
 * reloads shows until they expire.
 */
export const TasksResponse = z.object({
  tasks: z.array(Task),
  queuedTaskData: z.object({ embedMetadata: z.array(z.object({ libraryItemId: z.string() })) }).optional(),
})
export type TasksResponse = z.infer<typeof TasksResponse>
