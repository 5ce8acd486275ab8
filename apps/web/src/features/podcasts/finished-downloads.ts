import type { EpisodeDownload } from '@shelfcast/contracts'
import { create } from 'zustand'
import { rememberFinished } from './model/download-queue.ts'

/**
 * Downloads that finished (or failed) while this tab was open, per library: the server's queue forgets
 * them at once, the queue page shows them with their error.
 */
interface FinishedDownloadsState {
  byLibrary: Record<string, EpisodeDownload[]>
}

export const useFinishedDownloads = create<FinishedDownloadsState>()(() => ({ byLibrary: {} }))

export function recordFinishedDownload(download: EpisodeDownload): void {
  useFinishedDownloads.setState((state) => ({
    byLibrary: {
      ...state.byLibrary,
      [download.libraryId]: rememberFinished(state.byLibrary[download.libraryId] ?? [], download),
    },
  }))
}

export function clearFinishedDownloads(libraryId: string): void {
  useFinishedDownloads.setState((state) => ({ byLibrary: { ...state.byLibrary, [libraryId]: [] } }))
}
