import { create } from 'zustand'

/** Tabs of the item edit modal (spec §2); the order is the order shown. */
export const editModalTabs = [
  'details',
  'cover',
  'chapters',
  'episodes',
  'files',
  'match',
  'tools',
  'schedule',
] as const
export type EditModalTab = (typeof editModalTabs)[number]

/** The item a delete prompt asks about. */
export interface DeleteItemRequest {
  id: string
  libraryId: string
  title: string
}

/**
 * The globally mounted item edit modal and delete prompt (spec §3 global state: showEditModal,
 * editModalTab, selectedLibraryItem, bookshelfBookIds). It lives here, not in a feature, so the features
 * that open the modal (cards, item page) need not import the one that draws it.
 */
interface ItemEditModalState {
  showEditModal: boolean
  editModalTab: EditModalTab
  /** Id of the item being edited. */
  selectedLibraryItem: string | null
  /** Ids of the books the bookshelf has loaded, in shelf order (holes for pages not loaded). */
  bookshelfBookIds: readonly (string | undefined)[]
  deleteRequest: DeleteItemRequest | null
}

export const useItemEditModal = create<ItemEditModalState>()(() => ({
  showEditModal: false,
  editModalTab: 'details',
  selectedLibraryItem: null,
  bookshelfBookIds: [],
  deleteRequest: null,
}))

/** Opening resets the tab to details unless one is given (spec §5). */
export function openEditModal(libraryItemId: string, tab: EditModalTab = 'details'): void {
  useItemEditModal.setState({ showEditModal: true, selectedLibraryItem: libraryItemId, editModalTab: tab })
}

export function closeEditModal(): void {
  useItemEditModal.setState({ showEditModal: false })
}

export function setEditModalTab(tab: EditModalTab): void {
  useItemEditModal.setState({ editModalTab: tab })
}

/** Moves the open modal to another item, keeping the tab. */
export function selectEditedItem(libraryItemId: string): void {
  useItemEditModal.setState({ selectedLibraryItem: libraryItemId })
}

/** Forgets the shelf (another sort, filter or library). */
export function resetBookshelfBookIds(): void {
  useItemEditModal.setState({ bookshelfBookIds: [] })
}

/** Records the ids of one loaded page of the shelf at its place. */
export function publishBookshelfPage(offset: number, ids: readonly (string | undefined)[]): void {
  useItemEditModal.setState((state) => {
    const next = state.bookshelfBookIds.slice()
    ids.forEach((id, index) => {
      next[offset + index] = id
    })
    return { bookshelfBookIds: next }
  })
}

export function openDeleteItem(request: DeleteItemRequest): void {
  useItemEditModal.setState({ deleteRequest: request })
}

export function closeDeleteItem(): void {
  useItemEditModal.setState({ deleteRequest: null })
}
