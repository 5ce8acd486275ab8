import { create } from 'zustand'

/**
 * The globally mounted edit author modal. It lives here, not in a feature, so the author page and the
 * author cards (browse) open it without importing the feature that draws it (which imports browse).
 */
interface AuthorEditModalState {
  /** Id of the author being edited, or null when the modal is closed. */
  authorId: string | null
}

export const useAuthorEditModal = create<AuthorEditModalState>()(() => ({ authorId: null }))

export function openAuthorEdit(authorId: string): void {
  useAuthorEditModal.setState({ authorId })
}

export function closeAuthorEdit(): void {
  useAuthorEditModal.setState({ authorId: null })
}
