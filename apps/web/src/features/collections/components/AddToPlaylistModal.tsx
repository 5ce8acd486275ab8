import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { libraryKeys } from '@/features/libraries/index.ts'
import type { ListEntryRef } from '@/lib/add-to-list-modal.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { playlistKeys, playlistRequests, useLibraryPlaylists } from '../api.ts'
import { entryKey, playlistView } from '../model/list-view.ts'
import { AddToListModal, type PickableList } from './AddToListModal.tsx'

/** Adds books or episodes to the user's playlists in the library, or to a new one. */
export function AddToPlaylistModal({
  libraryId,
  entries,
  aspectRatio,
  onClose,
}: {
  libraryId: string
  entries: readonly ListEntryRef[]
  aspectRatio: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const query = useLibraryPlaylists(libraryId)
  const data: PickableList[] | undefined = query.data?.map((playlist) => {
    const list = playlistView(playlist)
    const keys = new Set(list.entries.map((e) => e.key))
    return { list, contains: entries.every((e) => keys.has(entryKey(e))) }
  })
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: playlistKeys.pages(libraryId) })
    // Playlists appear in the side rail once the user has one, and go when the last is emptied.
    void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(libraryId) })
    if (id) void queryClient.invalidateQueries({ queryKey: playlistKeys.detail(id) })
  }
  const update = async (id: string, request: () => Promise<unknown>) => {
    try {
      await request()
    } catch {
      toast.error(t('ToastFailedToUpdate'))
    }
    refresh(id)
  }

  return (
    <AddToListModal
      kind="playlist"
      entryCount={entries.length}
      lists={{ data, isError: query.isError, error: query.error, refetch: query.refetch }}
      aspectRatio={aspectRatio}
      onClose={onClose}
      onAdd={(list) => update(list.id, () => playlistRequests.addEntries(api, list.id, entries))}
      onRemove={(list) => update(list.id, () => playlistRequests.removeEntries(api, list.id, entries))}
      onCreate={async (name) => {
        try {
          await playlistRequests.create(api, { libraryId, name, items: [...entries] })
        } catch (error) {
          toast.error(`${t('ToastPlaylistCreateFailed')}: ${errorMessage(error, t)}`)
          return false
        }
        toast.success(t('ToastPlaylistCreateSuccess'))
        refresh()
        onClose()
        return true
      }}
    />
  )
}
