import type { AudioFile, UpdateTracksRequest } from '@shelfcast/contracts'

/** One row of the track order editor: an audio file and whether it plays. */
export interface TrackDraft {
  ino: string
  name: string
  duration: number
  exclude: boolean
}

/** The editor's rows from the item's audio files, in their current play order. */
export function draftsOf(files: readonly AudioFile[]): TrackDraft[] {
  return [...files]
    .sort((a, b) => a.index - b.index)
    .map((f) => ({ ino: f.ino, name: f.metadata.filename, duration: f.duration, exclude: f.exclude }))
}

/** The list with the row at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveTrack<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return [...list]
  const next = [...list]
  const [row] = next.splice(from, 1)
  if (row !== undefined) next.splice(target, 0, row)
  return next
}

export function toggleExclude(list: readonly TrackDraft[], ino: string): TrackDraft[] {
  return list.map((d) => (d.ino === ino ? { ...d, exclude: !d.exclude } : d))
}

/** Whether the rows differ from the saved ones (order or exclusions). */
export function isChanged(saved: readonly TrackDraft[], draft: readonly TrackDraft[]): boolean {
  return (
    saved.length !== draft.length ||
    saved.some((s, i) => s.ino !== draft[i]?.ino || s.exclude !== draft[i]?.exclude)
  )
}

export function toTracksRequest(draft: readonly TrackDraft[]): UpdateTracksRequest {
  return { orderedFileData: draft.map((d) => ({ ino: d.ino, exclude: d.exclude })) }
}
