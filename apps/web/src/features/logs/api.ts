import type { LoggerDataResponse, LogEntry } from '@shelfcast/contracts'
import { logRoutes } from '@shelfcast/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useApiClient } from '@/lib/api/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { appendLog } from './model/log-filter.ts'

export const logKeys = { today: ['logger-data'] as const }

/**
 * Today's server log (GET /api/logger-data, admin), kept current while the page is open: each `log` event the
 * server streams to admins is appended to the cached lines.
 */
export function useTodaysLogs() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  useEffect(
    () =>
      socketEvents.register('log', (_context, entry: LogEntry) => {
        queryClient.setQueryData<LoggerDataResponse>(logKeys.today, (old) =>
          old ? { currentDailyLogs: appendLog(old.currentDailyLogs, entry) } : old,
        )
      }),
    [queryClient],
  )
  return useQuery({
    queryKey: logKeys.today,
    queryFn: ({ signal }) => api.call(logRoutes.getLoggerData, { signal }),
    // Fresh on every visit; while open, the socket keeps it current.
    staleTime: Infinity,
    gcTime: 0,
  })
}
