import { socketEvents, type SocketEventContext } from '@/lib/socket/index.ts'
import { libraryAdminKeys } from './api.ts'

/** Scans starting and finishing anywhere update the libraries page's "Scanning" marks. */
export function registerLibraryAdminSocketHandlers(): () => void {
  const refresh = ({ queryClient }: SocketEventContext) =>
    void queryClient.invalidateQueries({ queryKey: libraryAdminKeys.tasks() })
  const offs = [socketEvents.register('task_started', refresh), socketEvents.register('task_finished', refresh)]
  return () => offs.forEach((off) => off())
}
