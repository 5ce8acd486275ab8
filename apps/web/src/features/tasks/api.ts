import { scanRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError, useApiClient } from '@/lib/api/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useTaskStore } from './store.ts'

export const taskKeys = { all: ['tasks'] as const }

/**
 * GET /api/tasks?include=finished once per session: tasks that started before this page loaded, and those that
 * finished in the last minute (an Audiobookshelf server ignores the option and lists the running ones). A failure
 * is only logged (spec §8).
 */
export function useInitialTasks() {
  const api = useApiClient()
  const userId = useSessionStore((s) => s.user?.id ?? null)
  const merge = useTaskStore((s) => s.merge)
  const query = useQuery({
    queryKey: [...taskKeys.all, userId],
    enabled: userId !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      try {
        return (await api.call(scanRoutes.tasks, { signal, query: { include: 'finished' } })).tasks ?? []
      } catch (error) {
        // A server without the tasks route simply has none to tell.
        if (!(isApiError(error) && error.status === 404)) console.error('Failed to load tasks', error)
        return []
      }
    },
  })
  useEffect(() => {
    if (query.data) merge(query.data)
  }, [query.data, merge])
}
