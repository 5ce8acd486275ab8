import type { ExpandedItemResponse, MediaProgress } from '@shelfcast/contracts'
import { playbackRoutes } from '@shelfcast/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { itemKeys } from '../api.ts'

const sameTarget = (p: MediaProgress, libraryItemId: string, episodeId: string | null) =>
  p.libraryItemId === libraryItemId && (p.episodeId ?? null) === episodeId

/** Puts a progress record into the signed-in user, replacing the one of the same item and episode. */
function storeProgress(progress: MediaProgress) {
  const session = useSessionStore.getState()
  const user = session.user
  if (!user) return
  const rest = (user.mediaProgress ?? []).filter(
    (p) => p.id !== progress.id && !sameTarget(p, progress.libraryItemId, progress.episodeId ?? null),
  )
  session.setUser({ ...user, mediaProgress: [...rest, progress] })
}

/** Takes a progress record out of the signed-in user. */
function forgetProgress(progressId: string) {
  const session = useSessionStore.getState()
  const user = session.user
  if (!user) return
  session.setUser({ ...user, mediaProgress: (user.mediaProgress ?? []).filter((p) => p.id !== progressId) })
}

export interface FinishedTarget {
  libraryItemId: string
  /** Null for a book. */
  episodeId: string | null
  isFinished: boolean
}

/**
 * Marks a book or an episode finished or not (PATCH /api/me/progress/:itemId[/:episodeId], which answers `OK` as
 * Audiobookshelf's does), then reads the record back into the signed-in user at once, so marks, progress bars and
 * filters follow without waiting for the socket event.
 */
export function useSetFinished() {
  const { t } = useTranslation()
  const api = useApiClient()
  return useMutation({
    mutationFn: async (vars: FinishedTarget) => {
      const params = { id: vars.libraryItemId, ...(vars.episodeId ? { episodeId: vars.episodeId } : {}) }
      await api.call(playbackRoutes.updateProgress, { params, body: { isFinished: vars.isFinished } })
      return api.call(playbackRoutes.progress, { params })
    },
    onSuccess: storeProgress,
    onError: (error) => {
      console.error('[progress] update failed', error)
      toast.error(errorMessage(error, t, 'ToastFailedToUpdate'))
    },
  })
}

/**
 * Discards one progress record (DELETE /api/me/progress/:id): the book reads as never started again, in the
 * signed-in user and in the item page's copy (`include=progress`).
 */
export function useDiscardProgress() {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (progress: Pick<MediaProgress, 'id' | 'libraryItemId'>) => {
      await api.call(playbackRoutes.removeProgress, { params: { id: progress.id } })
      return progress
    },
    onSuccess: (progress) => {
      forgetProgress(progress.id)
      queryClient.setQueryData<ExpandedItemResponse>(itemKeys.detail(progress.libraryItemId), (old) =>
        old ? { ...old, userMediaProgress: null } : old,
      )
    },
    onError: (error) => {
      console.error('[progress] discard failed', error)
      toast.error(errorMessage(error, t, 'ToastFailedToUpdate'))
    },
  })
}
