import type { Playlist } from '@shelfcast/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { libraryKeys } from '@/features/libraries/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { toast } from '@/lib/toast-store.ts'
import { editOptimistically } from '../cache-edits.ts'
import { playlistKeys, playlistRequests } from '../api.ts'
import { entryKey } from '../model/list-view.ts'
import { orderByKeys } from '../model/reorder.ts'
import type { ListActions } from './list-actions.ts'
import { useOrderSave } from './useOrderSave.ts'

const refOf = (entry: { libraryItemId: string; episodeId?: string | null }) => ({
  libraryItemId: entry.libraryItemId,
  episodeId: entry.episodeId ?? null,
})

/** The edits of one of the user's playlists, with the toasts of spec §8. */
export function usePlaylistActions(playlist: { id: string; libraryId: string }): ListActions {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const key = playlistKeys.detail(playlist.id)
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: playlistKeys.pages(playlist.libraryId) })
    // The side rail shows Playlists only while the user has some.
    void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(playlist.libraryId) })
  }
  const gone = () => {
    void navigate(`/library/${playlist.libraryId}/bookshelf/playlists`)
    queryClient.removeQueries({ queryKey: key })
    refreshLists()
  }

  const orderOf = (items: Playlist['items'], keys: string[]) =>
    orderByKeys(items, keys, (i) => entryKey(refOf(i)))
  const reorder = useOrderSave<Playlist>({
    key,
    apply: (p, keys) => ({ ...p, items: orderOf(p.items, keys) }),
    // The cache holds the order being saved: the entries' refs come from it.
    send: (keys) => {
      const items = orderOf(queryClient.getQueryData<Playlist>(key)?.items ?? [], keys)
      return playlistRequests.update(api, playlist.id, { items: items.map(refOf) })
    },
    onFailure: () => toast.error(t('ToastFailedToUpdate')),
  })

  return {
    reorder,
    removeEntry: (entry) =>
      void editOptimistically<Playlist>(
        queryClient,
        key,
        (p) => ({ ...p, items: p.items.filter((i) => entryKey(refOf(i)) !== entry.key) }),
        async () => {
          const answer = await playlistRequests.removeEntries(api, playlist.id, [refOf(entry)])
          // Its last entry removed, the server deletes the playlist.
          if (!('id' in answer)) gone()
          else refreshLists()
        },
        () => toast.error(t('ToastFailedToUpdate')),
      ),
    save: async (changes) =>
      editOptimistically<Playlist>(
        queryClient,
        key,
        (p) => ({ ...p, ...changes }),
        async () => {
          await playlistRequests.update(api, playlist.id, changes)
          refreshLists()
        },
        () => toast.error(t('ToastFailedToUpdate')),
      ),
    remove: async () => {
      try {
        await playlistRequests.remove(api, playlist.id)
      } catch {
        toast.error(t('ToastRemoveFailed'))
        return false
      }
      toast.success(t('ToastPlaylistRemoveSuccess'))
      gone()
      return true
    },
  }
}
