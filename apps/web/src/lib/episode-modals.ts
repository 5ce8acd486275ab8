import { create } from 'zustand'

/** One episode of a podcast item, as the episode modals are asked to show it. */
export interface EpisodeRef {
  libraryItemId: string
  episodeId: string
}

/** The episodes the remove prompt lists (titles shown, ids deleted). */
export interface RemoveEpisodesRequest {
  libraryItemId: string
  episodes: readonly { id: string; title: string }[]
  /** Called once the removals ran (e.g. to clear the table's selection). */
  onDone?: () => void
}

/**
 * The globally mounted episode view, edit and remove modals (spec §2), and the spec's global
 * `episodeTableEpisodeIds` (the item page table's current order, which the edit modal steps through).
 * It lives here, not in a feature, so the item page's table (browse) and the item edit modal's episodes tab
 * can open the modals without importing the feature that draws them.
 */
interface EpisodeModalsState {
  view: EpisodeRef | null
  edit: EpisodeRef | null
  remove: RemoveEpisodesRequest | null
  episodeTableEpisodeIds: readonly string[]
}

export const useEpisodeModals = create<EpisodeModalsState>()(() => ({
  view: null,
  edit: null,
  remove: null,
  episodeTableEpisodeIds: [],
}))

export function openEpisodeView(ref: EpisodeRef): void {
  useEpisodeModals.setState({ view: ref })
}

export function closeEpisodeView(): void {
  useEpisodeModals.setState({ view: null })
}

export function openEpisodeEdit(ref: EpisodeRef): void {
  useEpisodeModals.setState({ edit: ref })
}

export function closeEpisodeEdit(): void {
  useEpisodeModals.setState({ edit: null })
}

export function openRemoveEpisodes(request: RemoveEpisodesRequest): void {
  if (request.episodes.length > 0) useEpisodeModals.setState({ remove: request })
}

export function closeRemoveEpisodes(): void {
  useEpisodeModals.setState({ remove: null })
}

/** The table publishes its sorted, filtered order; the edit modal's arrows follow it. */
export function setEpisodeTableEpisodeIds(ids: readonly string[]): void {
  useEpisodeModals.setState({ episodeTableEpisodeIds: ids })
}
