import type { TaskEventPayload } from '@shelfcast/contracts'
import { socketEvents } from '@/lib/socket/index.ts'
import { useTaskStore } from './store.ts'

/** task_started / task_progress / task_finished keep the task widget's cards current. */
export function registerTaskSocketHandlers(): () => void {
  const upsert = (_context: unknown, task: TaskEventPayload) => {
    if (task?.id) useTaskStore.getState().upsert(task)
  }
  const offs = [
    socketEvents.register('task_started', upsert),
    socketEvents.register('task_progress', upsert),
    socketEvents.register('task_finished', upsert),
  ]
  return () => offs.forEach((off) => off())
}
