import type { LoggerDataResponse, LogEntry } from '@shelfcast/contracts'
import { logRoutes } from '@shelfcast/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useApiClient } from '@/lib/api/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { appendLog, mergeStreamed } from './model/log-filter.ts'

export const logKeys = { today: ['logger-data'] as const }

/**
 * Today's server log (GET /api/logger-data, admin), kept current while the page is open: each `log` event the
 * server streams to admins is appended to the cached lines. Lines streamed while the first answer is on its
 * way are held and merged into it, so none is lost between the two.
 */
export function useTodaysLogs() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const early = useRef<LogEntry[]>([])
  useEffect(
    () =>
      socketEvents.register('log', (_context, entry: LogEntry) => {
        if (!queryClient.getQueryData<LoggerDataResponse>(logKeys.today)) {
          early.current = appendLog(early.current, entry)
          return
        }
        queryClient.setQueryData<LoggerDataResponse>(logKeys.today, (old) =>
          old ? { currentDailyLogs: appendLog(old.currentDailyLogs, entry) } : old,
        )
      }),
    [queryClient],
  )
  return useQuery({
    queryKey: logKeys.today,
    queryFn: async ({ signal }) => {
      const answer = await api.call(logRoutes.getLoggerData, { signal })
      const held = early.current
      early.current = []
      return { currentDailyLogs: mergeStreamed(answer.currentDailyLogs, held) }
    },
    // Fresh on every visit; while open, the socket keeps it current.
    staleTime: Infinity,
    gcTime: 0,
  })
}
