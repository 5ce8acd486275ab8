import { create } from 'zustand'

/**
 * Which book the globally mounted share modal shows (spec §2), opened from the item page's and the book
 * cards' menus. It lives here, not in a feature, so the menus need not import the feature that draws it.
 */
interface ShareModalState {
  libraryItemId: string | null
}

export const useShareModal = create<ShareModalState>()(() => ({ libraryItemId: null }))

export function openShareModal(libraryItemId: string): void {
  useShareModal.setState({ libraryItemId })
}

export function closeShareModal(): void {
  useShareModal.setState({ libraryItemId: null })
}
