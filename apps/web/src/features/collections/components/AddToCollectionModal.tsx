import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { collectionKeys, collectionRequests, useLibraryCollections } from '../api.ts'
import { collectionView } from '../model/list-view.ts'
import { AddToListModal, type PickableList } from './AddToListModal.tsx'

/** Adds books (one item, or a selection) to the library's collections, or to a new one. */
export function AddToCollectionModal({
  libraryId,
  itemIds,
  aspectRatio,
  onClose,
}: {
  libraryId: string
  itemIds: readonly string[]
  aspectRatio: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const query = useLibraryCollections(libraryId)
  const data: PickableList[] | undefined = query.data?.map((collection) => {
    const books = new Set(collection.books.map((b) => b.id))
    return { list: collectionView(collection), contains: itemIds.every((id) => books.has(id)) }
  })
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: collectionKeys.pages(libraryId) })
    if (id) void queryClient.invalidateQueries({ queryKey: collectionKeys.detail(id) })
  }

  return (
    <AddToListModal
      kind="collection"
      entryCount={itemIds.length}
      lists={{ data, isError: query.isError, error: query.error, refetch: query.refetch }}
      aspectRatio={aspectRatio}
      onClose={onClose}
      onAdd={async (list) => {
        try {
          await collectionRequests.addBooks(api, list.id, itemIds)
        } catch {
          toast.error(t('ToastCollectionItemsAddFailed'))
        }
        refresh(list.id)
      }}
      onRemove={async (list) => {
        try {
          await collectionRequests.removeBooks(api, list.id, itemIds)
        } catch {
          toast.error(t('ToastRemoveFailed'))
        }
        refresh(list.id)
      }}
      onCreate={async (name) => {
        try {
          await collectionRequests.create(api, { libraryId, name, books: [...itemIds] })
        } catch (error) {
          toast.error(`${t('ToastCreateFailed')}: ${errorMessage(error, t)}`)
          return false
        }
        toast.success(t('ToastCollectionCreateSuccess'))
        refresh()
        onClose()
        return true
      }}
    />
  )
}
