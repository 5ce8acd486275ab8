import { create } from 'zustand'

/**
 * The globally mounted "find episodes" modal (pick feed episodes to download): opened from the item edit
 * modal's episodes tab and the podcast page, which need not import the podcasts feature that draws it.
 */
interface FindEpisodesState {
  /** The podcast item whose feed is shown, or null when closed. */
  libraryItemId: string | null
}

export const useFindEpisodesModal = create<FindEpisodesState>()(() => ({ libraryItemId: null }))

export function openFindEpisodes(libraryItemId: string): void {
  useFindEpisodesModal.setState({ libraryItemId })
}

export function closeFindEpisodes(): void {
  useFindEpisodesModal.setState({ libraryItemId: null })
}
