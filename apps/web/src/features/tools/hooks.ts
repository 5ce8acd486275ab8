import type { Task, TaskAction } from '@shelfcast/contracts'
import { useQuery } from '@tanstack/react-query'
import { useTaskStore, useToolEventsStore } from '@/features/tasks/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { LOG_REFRESH_MS, toolKeys } from './api.ts'
import { toolRoutes } from '@shelfcast/contracts/client'

export interface ToolRun {
  action: TaskAction
  /** The item's latest run of this tool: from the socket when one arrived, else from the log route. */
  task: Task | null
  running: boolean
  log: ReturnType<typeof useToolLogQuery>
  /** ino → 0–100 of the files the run has reported on. */
  tracks: Record<string, number>
  queued: boolean
}

const noTracks: Record<string, number> = {}

function useToolLogQuery(itemId: string, runningNow: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: toolKeys.log(itemId),
    queryFn: ({ signal }) => api.call(toolRoutes.log, { params: { id: itemId }, signal }),
    // Re-read while a run goes on, whichever side (socket or the log itself) knows it.
    refetchInterval: (query) =>
      runningNow || (query.state.data?.task && !query.state.data.task.isFinished) ? LOG_REFRESH_MS : false,
  })
}

/**
 * The newer of two copies of an item's latest run. Of the same task the finished copy wins: the task list
 * can hold a copy from before a finish it never heard of (a socket that reconnected while the run ended),
 * and the log, re-read while a run goes on, then knows better.
 */
export function newerRun(fromSocket: Task | null, fromLog: Task | null): Task | null {
  if (!fromSocket || !fromLog) return fromSocket ?? fromLog
  if (fromSocket.id === fromLog.id) return fromLog.isFinished && !fromSocket.isFinished ? fromLog : fromSocket
  return fromSocket.startedAt >= fromLog.startedAt ? fromSocket : fromLog
}

/** What the manage page shows of a tool's run on an item. */
export function useToolRun(itemId: string, action: TaskAction): ToolRun {
  const fromSocket = useTaskStore(
    (s) => s.tasks.find((t) => t.data.libraryItemId === itemId && t.action === action) ?? null,
  )
  const log = useToolLogQuery(itemId, !!fromSocket && !fromSocket.isFinished)
  const fromLog = log.data?.task?.action === action ? log.data.task : null
  const task = newerRun(fromSocket, fromLog)
  const tracks = useToolEventsStore((s) => s.tracks[itemId] ?? noTracks)
  const queued = useToolEventsStore((s) => !!s.embedQueue[itemId])
  return { action, task, running: !!task && !task.isFinished, log, tracks, queued }
}
