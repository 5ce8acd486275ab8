import type { MediaProgress } from '@shelfcast/contracts'
import { limits, playbackRoutes } from '@shelfcast/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { isApiError, useApiClient } from '@/lib/api/index.ts'
import { createProgressSaver } from '../model/progress-saver.ts'

/** Quiet time after the last page turn before the position is saved. */
const SAVE_DELAY_MS = 1500

/**
 * The reading position of one item: read fresh when the reader opens (another device may have moved it), and
 * saved debounced through PATCH /api/me/progress/:itemId (ebookLocation, ebookProgress; the audio position is
 * left as it is). Pending saves are sent when the reader closes or the page is left.
 */
export function useReaderProgress(libraryItemId: string, options: { enabled: boolean; hasAudio: boolean }) {
  const api = useApiClient()
  const query = useQuery({
    queryKey: ['reader-progress', libraryItemId],
    enabled: options.enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    queryFn: async ({ signal }): Promise<MediaProgress | null> => {
      try {
        return await api.call(playbackRoutes.progress, { params: { id: libraryItemId }, signal })
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null
        throw error
      }
    },
  })

  const saver = useMemo(
    () =>
      createProgressSaver({
        delayMs: SAVE_DELAY_MS,
        finishAtEnd: !options.hasAudio,
        save: (body) =>
          api.call(playbackRoutes.updateProgress, {
            params: { id: libraryItemId },
            body,
            timeoutMs: limits.syncTimeoutMs,
          }),
      }),
    [api, libraryItemId, options.hasAudio],
  )

  useEffect(() => {
    const flush = () => void saver.flush().catch(() => undefined)
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHidden)
      flush()
      saver.dispose()
    }
  }, [saver])

  return {
    /** Undefined while the saved position loads (or when progress is not kept: then null). */
    initialLocation: !options.enabled
      ? null
      : query.isPending
        ? undefined
        : (query.data?.ebookLocation ?? null),
    relocate: options.enabled ? saver.relocate : noop,
  }
}

const noop = (): void => undefined
