import { coverAspectRatio } from '@/components/ui/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { closeAddToList, useAddToListModal } from '@/lib/add-to-list-modal.ts'
import { AddToCollectionModal } from './AddToCollectionModal.tsx'
import { AddToPlaylistModal } from './AddToPlaylistModal.tsx'

/** The add-to-collection and add-to-playlist modals, mounted once for the whole app (spec §2). */
export function AddToListModals() {
  const request = useAddToListModal((s) => s.request)
  const libraries = useLibraries()
  if (!request) return null
  const library = libraries.data?.find((l) => l.id === request.libraryId)
  const aspectRatio = coverAspectRatio(library?.settings.coverAspectRatio === 1)
  return request.kind === 'collection' ? (
    <AddToCollectionModal
      libraryId={request.libraryId}
      itemIds={request.itemIds}
      aspectRatio={aspectRatio}
      onClose={closeAddToList}
    />
  ) : (
    <AddToPlaylistModal
      libraryId={request.libraryId}
      entries={request.entries}
      aspectRatio={aspectRatio}
      onClose={closeAddToList}
    />
  )
}
