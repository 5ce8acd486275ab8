import { closeShareModal, useShareModal } from '@/lib/share-modal.ts'
import { ShareModal } from './ShareModal.tsx'

/** The globally mounted share modal (app/OnDemandModals.tsx), open while lib/share-modal.ts names a book. */
export function ShareModals() {
  const libraryItemId = useShareModal((s) => s.libraryItemId)
  // Keyed on the book: another book's modal starts from its own state.
  return libraryItemId ? (
    <ShareModal key={libraryItemId} libraryItemId={libraryItemId} onClose={closeShareModal} />
  ) : null
}
