import type { TaskEventPayload } from '@shelfcast/contracts'
import { socketEvents } from '@/lib/socket/index.ts'
import { useTaskStore } from './store.ts'
import { useToolEventsStore } from './tool-events.ts'

/** Actions whose runs report per-file progress (`track_*`). */
const trackedActions = new Set(['encode-m4b', 'embed-metadata'])

/**
 * task_started / task_progress / task_finished keep the task widget's cards current; track_* and
 * metadata_embed_queue_update keep the audio tools' file progress and embed queue.
 */
export function registerTaskSocketHandlers(): () => void {
  const upsert = (_context: unknown, task: TaskEventPayload) => {
    if (task?.id) useTaskStore.getState().upsert(task)
  }
  const tools = () => useToolEventsStore.getState()
  const offs = [
    socketEvents.register('task_started', (context, task) => {
      // A new run starts every file from nothing.
      const itemId = task?.data?.libraryItemId
      if (itemId && trackedActions.has(task.action)) tools().clearTracks(itemId)
      upsert(context, task)
    }),
    socketEvents.register('task_progress', upsert),
    socketEvents.register('task_finished', upsert),
    socketEvents.register('track_started', (_c, e) => e && tools().setTrack(e.libraryItemId, e.ino, 0)),
    socketEvents.register(
      'track_progress',
      (_c, e) => e && tools().setTrack(e.libraryItemId, e.ino, e.progress),
    ),
    socketEvents.register('track_finished', (_c, e) => e && tools().setTrack(e.libraryItemId, e.ino, 100)),
    socketEvents.register(
      'metadata_embed_queue_update',
      (_c, e) => e && tools().setQueued(e.libraryItemId, e.queued),
    ),
  ]
  return () => offs.forEach((off) => off())
}
