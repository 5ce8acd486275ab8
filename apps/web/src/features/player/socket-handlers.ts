import type { UserItemProgressUpdated } from '@shelfcast/contracts'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { loadedPlayerController } from './player-instance.ts'

/**
 * Player server events: progress from other sessions (multi-session warning or position follow; the
 * continue-listening shelf refetches), and server-side stream close/error/reset for our session. The player's
 * part runs only once its engine is loaded: before the first play nothing of ours can be playing.
 */
export function registerPlayerSocketHandlers(): () => void {
  const offs = [
    socketEvents.register(
      'user_item_progress_updated',
      ({ queryClient }, payload: UserItemProgressUpdated) => {
        if (!payload?.data) return
        loadedPlayerController()?.onProgressUpdated(payload)
        // Keep the signed-in user's progress current (item page, card progress bars).
        const sessionStore = useSessionStore.getState()
        const user = sessionStore.user
        if (user) {
          const rest = (user.mediaProgress ?? []).filter(
            (p) =>
              p.id !== payload.data.id &&
              !(
                p.libraryItemId === payload.data.libraryItemId &&
                (p.episodeId ?? null) === (payload.data.episodeId ?? null)
              ),
          )
          sessionStore.setUser({ ...user, mediaProgress: [...rest, payload.data] })
        }
        // Home shelves (continue listening) live under ['browse', libraryId, 'personalized'].
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'browse' && query.queryKey[2] === 'personalized',
        })
      },
    ),
    socketEvents.register('stream_closed', (_context, streamId: string) =>
      loadedPlayerController()?.onStreamClosed(streamId),
    ),
    socketEvents.register('user_session_closed', (_context, sessionId: string) =>
      loadedPlayerController()?.onStreamClosed(sessionId),
    ),
    socketEvents.register(
      'stream_error',
      (_context, payload: { id?: string; error?: string; message?: string }) =>
        loadedPlayerController()?.onStreamError(payload ?? {}),
    ),
    socketEvents.register('stream_reset', (_context, payload: { startTime: number; streamId: string }) =>
      loadedPlayerController()?.onStreamReset(payload),
    ),
  ]
  return () => offs.forEach((off) => off())
}
