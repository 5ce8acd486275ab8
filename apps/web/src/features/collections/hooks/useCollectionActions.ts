import type { Collection } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useApiClient } from '@/lib/api/index.ts'
import { toast } from '@/lib/toast-store.ts'
import { editOptimistically } from '../cache-edits.ts'
import { collectionKeys, collectionRequests } from '../api.ts'
import { orderByKeys } from '../model/reorder.ts'
import type { ListActions } from './list-actions.ts'
import { useOrderSave } from './useOrderSave.ts'

/** The edits of one collection, with the toasts of spec §8. */
export function useCollectionActions(collection: { id: string; libraryId: string }): ListActions {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const key = collectionKeys.detail(collection.id)
  const refreshLists = () =>
    queryClient.invalidateQueries({ queryKey: collectionKeys.pages(collection.libraryId) })

  const reorder = useOrderSave<Collection>({
    key,
    apply: (c, keys) => ({ ...c, books: orderByKeys(c.books, keys, (b) => b.id) }),
    send: (keys) => collectionRequests.update(api, collection.id, { books: keys }),
    onFailure: () => toast.error(t('ToastFailedToUpdate')),
  })

  return {
    reorder,
    removeEntry: (entry) =>
      void editOptimistically<Collection>(
        queryClient,
        key,
        (c) => ({ ...c, books: c.books.filter((b) => b.id !== entry.libraryItemId) }),
        async () => {
          await collectionRequests.removeBooks(api, collection.id, [entry.libraryItemId])
          void refreshLists()
        },
        () => toast.error(t('ToastRemoveFailed')),
      ),
    save: async (changes) =>
      editOptimistically<Collection>(
        queryClient,
        key,
        (c) => ({ ...c, ...changes }),
        async () => {
          await collectionRequests.update(api, collection.id, changes)
          void refreshLists()
        },
        () => toast.error(t('ToastFailedToUpdate')),
      ),
    remove: async () => {
      try {
        await collectionRequests.remove(api, collection.id)
      } catch {
        toast.error(t('ToastRemoveFailed'))
        return false
      }
      toast.success(t('ToastCollectionRemoveSuccess'))
      void navigate(`/library/${collection.libraryId}/bookshelf/collections`)
      queryClient.removeQueries({ queryKey: key })
      void refreshLists()
      return true
    },
  }
}
