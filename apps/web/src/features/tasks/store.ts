import type { Task } from '@shelfcast/contracts'
import { create } from 'zustand'
import { upsertTask } from './model/task-rules.ts'

interface TaskState {
  tasks: Task[]
  /** Library scans the user asked to cancel (by task id), until they finish. */
  canceling: Record<string, true>
  /** When the task menu was last opened (epoch ms). */
  seenAt: number
  upsert: (task: Task) => void
  /** Tasks from GET /api/tasks: each is merged in as if its latest event had arrived. */
  merge: (tasks: readonly Task[]) => void
  markCanceling: (taskId: string) => void
  markSeen: (at: number) => void
  reset: () => void
}

const initial = { tasks: [] as Task[], canceling: {} as Record<string, true>, seenAt: 0 }

export const useTaskStore = create<TaskState>()((set) => ({
  ...initial,
  upsert: (task) =>
    set((state) => {
      const canceling = { ...state.canceling }
      if (task.isFinished) delete canceling[task.id]
      return { tasks: upsertTask(state.tasks, task), canceling }
    }),
  merge: (tasks) =>
    set((state) => ({
      tasks: tasks.reduce((list, task) => {
        const known = list.find((t) => t.id === task.id)
        // A socket event may already be newer than the list answer.
        return known?.isFinished ? list : upsertTask(list, task)
      }, state.tasks),
    })),
  markCanceling: (taskId) => set((state) => ({ canceling: { ...state.canceling, [taskId]: true } })),
  markSeen: (seenAt) => set({ seenAt }),
  reset: () => set(initial),
}))
