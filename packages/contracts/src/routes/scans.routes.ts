import { z } from 'zod'
import { TasksResponse } from '../entities/task.ts'
import { defineRoute, rawAnswer } from './route.ts'

/** `?force=1` rescans every file, not only the changed ones. */
const ScanLibraryQuery = z.object({ force: z.enum(['0', '1', 'true', 'false']).optional() })

/** POST /api/items/batch/scan. */
export const BatchScanRequest = z.object({
  libraryItemIds: z
    .array(z.string().min(1).max(100), { error: 'libraryItemIds is required' })
    .min(1, 'No library items')
    .max(1000),
})

/** POST /api/watcher/update: an external watcher's notice that a path in a library folder changed. */
export const WatcherUpdateRequest = z.object({
  libraryId: z.string().min(1).max(100),
  path: z.string().min(1).max(4096),
  type: z.enum(['add', 'unlink', 'rename']),
  oldPath: z.string().min(1).max(4096).optional(),
})

/** What a rescan of one item did. */
export const ItemScanResult = z.enum(['UPDATED', 'UPTODATE', 'REMOVED', 'NOTHING'])
export type ItemScanResult = z.infer<typeof ItemScanResult>

/** `include=finished` adds the tasks finished in the last minute, `include=queue` the embed queue. */
const TasksQuery = z.object({ include: z.string().max(200).optional() })

const tag = 'Scans and tasks'

/** Library scans and tasks (scanner, jobs). Scans are for admins; every item id is authorised first. */
export const scanRoutes = {
  scanLibrary: defineRoute({
    method: 'POST',
    path: '/api/libraries/:id/scan',
    tag,
    summary: 'Starts a scan of a library as a task (answers at once; task events follow)',
    access: 'admin',
    query: ScanLibraryQuery,
    answer: rawAnswer.text('"OK", or "Already scanning"'),
    errors: { 404: 'No such library' },
  }),
  scanItems: defineRoute({
    method: 'POST',
    path: '/api/items/batch/scan',
    tag,
    summary: 'Starts rescans of several items (answers at once)',
    access: 'admin',
    body: BatchScanRequest,
    answer: rawAnswer.text('OK'),
    errors: { 404: 'An item is missing or not accessible' },
  }),
  scanItem: defineRoute({
    method: 'POST',
    path: '/api/items/:id/scan',
    tag,
    summary: 'Rescans one item and says what changed',
    access: 'admin',
    answer: z.object({ result: ItemScanResult }),
    errors: { 404: 'No such item, or not accessible' },
  }),
  watcherUpdate: defineRoute({
    method: 'POST',
    path: '/api/watcher/update',
    tag,
    summary: 'Tells the server a path in a library folder was added, removed or renamed',
    access: 'admin',
    body: WatcherUpdateRequest,
    answer: rawAnswer.text('OK'),
    errors: { 400: 'The path is not inside a folder of the library', 404: 'No such library' },
  }),
  tasks: defineRoute({
    method: 'GET',
    path: '/api/tasks',
    tag,
    summary: 'The running tasks (admins: all; others: those of libraries they can open)',
    query: TasksQuery,
    answer: TasksResponse,
  }),
} as const
