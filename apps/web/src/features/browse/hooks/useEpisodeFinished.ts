import { playbackRoutes, type MediaProgress } from '@shelfcast/contracts'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'

/** Puts a progress record into the signed-in user, replacing the one of the same item and episode. */
function storeProgress(progress: MediaProgress) {
  const session = useSessionStore.getState()
  const user = session.user
  if (!user) return
  const rest = (user.mediaProgress ?? []).filter(
    (p) =>
      p.id !== progress.id &&
      !(p.libraryItemId === progress.libraryItemId && (p.episodeId ?? null) === (progress.episodeId ?? null)),
  )
  session.setUser({ ...user, mediaProgress: [...rest, progress] })
}

/**
 * Marks an episode finished or not (PATCH /api/me/progress/:itemId/:episodeId, which answers `OK` as
 * Audiobookshelf's does), then reads the record back into the signed-in user at once so the table's mark and
 * filter follow without waiting for the socket event.
 */
export function useEpisodeFinished() {
  const { t } = useTranslation()
  const api = useApiClient()
  return useMutation({
    mutationFn: async (vars: { libraryItemId: string; episodeId: string; isFinished: boolean }) => {
      const params = { id: vars.libraryItemId, episodeId: vars.episodeId }
      await api.call(playbackRoutes.updateProgress, { params, body: { isFinished: vars.isFinished } })
      return api.call(playbackRoutes.progress, { params })
    },
    onSuccess: storeProgress,
    onError: (error) => {
      console.error('[episodes] progress update failed', error)
      toast.error(errorMessage(error, t, 'ToastFailedToUpdate'))
    },
  })
}
