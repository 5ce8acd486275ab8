import type { LoggerDataResponse, LogEntry } from '@shelfcast/contracts'
import { fillPath, logRoutes } from '@shelfcast/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useApiClient } from '@/lib/api/index.ts'
import { socketEvents, useSocketClient } from '@/lib/socket/index.ts'
import { appendLog, mergeStreamed } from './model/log-filter.ts'

export const logKeys = {
  today: ['logger-data'] as const,
  days: ['logger-data', 'days'] as const,
  day: (day: string) => ['logger-data', 'days', day] as const,
}

/**
 * Today's server log (GET /api/logger-data, admin), kept current while the page is open: each `log` event the
 * server streams to this page (see useLogListener) is appended to the cached lines. Lines streamed while an answer
 * is on its way (the first one, or a refetch) are held and merged into it, so none is lost between the two.
 */
export function useTodaysLogs() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const held = useRef<LogEntry[]>([])
  const fetching = useRef(false)
  useEffect(
    () =>
      socketEvents.register('log', (_context, entry: LogEntry) => {
        if (fetching.current || !queryClient.getQueryData<LoggerDataResponse>(logKeys.today))
          held.current = appendLog(held.current, entry)
        queryClient.setQueryData<LoggerDataResponse>(logKeys.today, (old) =>
          old ? { currentDailyLogs: appendLog(old.currentDailyLogs, entry) } : old,
        )
      }),
    [queryClient],
  )
  return useQuery({
    queryKey: logKeys.today,
    queryFn: async ({ signal }) => {
      fetching.current = true
      held.current = []
      try {
        const answer = await api.call(logRoutes.getLoggerData, { signal })
        return { currentDailyLogs: mergeStreamed(answer.currentDailyLogs, held.current) }
      } finally {
        fetching.current = false
        held.current = []
      }
    },
    // Fresh on every visit; while open, the socket keeps it current.
    staleTime: Infinity,
    gcTime: 0,
  })
}

/**
 * While `enabled` (the page shows today), this app's socket listens for `log` lines at `level` or above
 * (`set_log_listener`), again after every reconnection since a new socket does not listen; it stops
 * (`remove_log_listener`) when the page closes, turns to another day or changes level.
 */
export function useLogListener(level: number, enabled: boolean) {
  const socket = useSocketClient()
  useEffect(() => {
    if (!socket || !enabled) return
    const listen = () => socket.emit('set_log_listener', level)
    if (socket.state.getState().authenticated) listen()
    const stopWatching = socket.state.subscribe((now, before) => {
      if (now.authenticated && !before.authenticated) listen()
    })
    return () => {
      stopWatching()
      socket.emit('remove_log_listener')
    }
  }, [socket, level, enabled])
}

/** GET /api/logger-data/days: the days whose log file the server keeps, newest first. */
export function useLogDays() {
  const api = useApiClient()
  return useQuery({
    queryKey: logKeys.days,
    queryFn: ({ signal }) => api.call(logRoutes.listDays, { signal }),
    staleTime: 60_000,
  })
}

/** GET /api/logger-data/days/:day: one kept day's lines (null: today, which useTodaysLogs shows live). */
export function useLogDay(day: string | null) {
  const api = useApiClient()
  return useQuery({
    queryKey: logKeys.day(day ?? ''),
    queryFn: ({ signal }) => api.call(logRoutes.getDay, { params: { day: day ?? '' }, signal }),
    enabled: day !== null,
    staleTime: 60_000,
  })
}

/** The download link of a day's file: a link cannot send a bearer header, so the token goes as `?token=`. */
export function useLogDayDownloadUrl() {
  const api = useApiClient()
  return (day: string, token: string | null) =>
    api.url(fillPath(logRoutes.downloadDay.path, { day }), token ? { token } : undefined)
}
