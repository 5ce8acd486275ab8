import type { TasksResponse } from '@shelfcast/contracts'
import { isAdminOrUp, scanRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError, useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useTaskStore } from './store.ts'
import { useToolEventsStore } from './tool-events.ts'

export const taskKeys = { all: ['tasks'] as const }

/**
 * GET /api/tasks?include=finished once per session: tasks that started before this page loaded, and those that
 * finished in the last minute (an Audiobookshelf server ignores the option and lists the running ones); admins
 * also get the metadata embed queue (`include=queue`). A failure is only logged (spec §8).
 */
export function useInitialTasks() {
  const api = useApiClient()
  const userId = useSessionStore((s) => s.user?.id ?? null)
  const admin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const merge = useTaskStore((s) => s.merge)
  const replaceQueue = useToolEventsStore((s) => s.replaceQueue)
  const query = useQuery({
    queryKey: [...taskKeys.all, userId],
    enabled: userId !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<TasksResponse> => {
      try {
        const include = admin ? 'finished,queue' : 'finished'
        return await api.call(scanRoutes.tasks, { signal, query: { include } })
      } catch (error) {
        // A server without the tasks route simply has none to tell.
        if (!(isApiError(error) && error.status === 404)) console.error('Failed to load tasks', error)
        return { tasks: [] }
      }
    },
  })
  useEffect(() => {
    if (!query.data) return
    merge(query.data.tasks ?? [])
    const queued = query.data.queuedTaskData?.embedMetadata
    if (queued) replaceQueue(queued.map((entry) => entry.libraryItemId))
  }, [query.data, merge, replaceQueue])
}
