import { create } from 'zustand'

/**
 * What the audio tools report besides their task: each audio file's progress (`track_*`, per item, by file ino)
 * and the items waiting in the metadata embed queue (`metadata_embed_queue_update`, GET /api/tasks?include=queue).
 */
interface ToolEventsState {
  /** itemId → ino → 0–100. */
  tracks: Record<string, Record<string, number>>
  embedQueue: Record<string, true>
  setTrack: (itemId: string, ino: string, progress: number) => void
  clearTracks: (itemId: string) => void
  setQueued: (itemId: string, queued: boolean) => void
  /** The queue as GET /api/tasks?include=queue lists it. */
  replaceQueue: (itemIds: readonly string[]) => void
  reset: () => void
}

const initial = { tracks: {}, embedQueue: {} }

export const useToolEventsStore = create<ToolEventsState>()((set) => ({
  ...initial,
  setTrack: (itemId, ino, progress) =>
    set((s) => ({ tracks: { ...s.tracks, [itemId]: { ...s.tracks[itemId], [ino]: progress } } })),
  clearTracks: (itemId) =>
    set((s) => {
      const { [itemId]: _dropped, ...tracks } = s.tracks
      return { tracks }
    }),
  setQueued: (itemId, queued) =>
    set((s) => {
      const { [itemId]: _dropped, ...rest } = s.embedQueue
      return { embedQueue: queued ? { ...rest, [itemId]: true } : rest }
    }),
  replaceQueue: (itemIds) =>
    set({ embedQueue: Object.fromEntries(itemIds.map((id) => [id, true as const])) }),
  reset: () => set(initial),
}))
