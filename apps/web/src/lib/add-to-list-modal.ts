import { create } from 'zustand'

/** An entry of a playlist: a book, or one episode of a podcast. */
export interface ListEntryRef {
  libraryItemId: string
  episodeId: string | null
}

/**
 * What the globally mounted "add to collection / playlist" modals are asked to show (spec §2: mounted
 * globally so any menu, and later selection mode, can open them). It lives here, not in a feature, so the
 * features that open the modals need not import the one that draws them.
 */
export type AddToListRequest =
  | { kind: 'collection'; libraryId: string; itemIds: readonly string[] }
  | { kind: 'playlist'; libraryId: string; entries: readonly ListEntryRef[] }

interface AddToListState {
  request: AddToListRequest | null
}

export const useAddToListModal = create<AddToListState>()(() => ({ request: null }))

export function openAddToCollection(libraryId: string, itemIds: readonly string[]): void {
  if (itemIds.length > 0) useAddToListModal.setState({ request: { kind: 'collection', libraryId, itemIds } })
}

export function openAddToPlaylist(libraryId: string, entries: readonly ListEntryRef[]): void {
  if (entries.length > 0) useAddToListModal.setState({ request: { kind: 'playlist', libraryId, entries } })
}

export function closeAddToList(): void {
  useAddToListModal.setState({ request: null })
}
