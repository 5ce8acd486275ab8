import { socketEvents, type SocketEventContext } from '@/lib/socket/index.ts'
import { libraryKeys } from './api.ts'

/** Library changes made elsewhere refresh the list and the open library (which may have been removed). */
export function registerLibrarySocketHandlers(): () => void {
  const invalidate = ({ queryClient }: SocketEventContext) =>
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
  const offs = [
    socketEvents.register('library_added', invalidate),
    socketEvents.register('library_updated', invalidate),
    socketEvents.register('library_removed', invalidate),
  ]
  return () => offs.forEach((off) => off())
}
