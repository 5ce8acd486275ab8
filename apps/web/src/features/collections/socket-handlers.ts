import type { Collection, Playlist } from '@shelfcast/contracts'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { libraryKeys } from '@/features/libraries/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { collectionKeys, playlistKeys } from './api.ts'

/** An open list page asks for minified entries, as the events carry them: the payload replaces it as it is. */
function replaceIfCached<T>(queryClient: QueryClient, key: QueryKey, value: T) {
  if (queryClient.getQueryData(key) !== undefined) queryClient.setQueryData(key, value)
}

/**
 * collection_* (to everyone who can open the library, each with the books they may see) and playlist_*
 * (to the owner only) keep the list pages, the library tabs and the add modals current; a removed list's
 * page refetches and finds it gone.
 */
export function registerCollectionSocketHandlers(): () => void {
  const offs = [
    socketEvents.register('collection_added', ({ queryClient }, collection: Collection) => {
      if (collection?.libraryId)
        void queryClient.invalidateQueries({ queryKey: collectionKeys.pages(collection.libraryId) })
    }),
    socketEvents.register('collection_updated', ({ queryClient }, collection: Collection) => {
      if (!collection?.id) return
      replaceIfCached(queryClient, collectionKeys.detail(collection.id), collection)
      void queryClient.invalidateQueries({ queryKey: collectionKeys.pages(collection.libraryId) })
    }),
    socketEvents.register('collection_removed', ({ queryClient }, collection: Collection) => {
      if (!collection?.id) return
      void queryClient.invalidateQueries({ queryKey: collectionKeys.detail(collection.id) })
      void queryClient.invalidateQueries({ queryKey: collectionKeys.pages(collection.libraryId) })
    }),
    socketEvents.register('playlist_added', ({ queryClient }, playlist: Playlist) => {
      if (!playlist?.libraryId) return
      void queryClient.invalidateQueries({ queryKey: playlistKeys.pages(playlist.libraryId) })
      // numUserPlaylists: the side rail shows Playlists once there is one.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(playlist.libraryId) })
    }),
    socketEvents.register('playlist_updated', ({ queryClient }, playlist: Playlist) => {
      if (!playlist?.id) return
      replaceIfCached(queryClient, playlistKeys.detail(playlist.id), playlist)
      void queryClient.invalidateQueries({ queryKey: playlistKeys.pages(playlist.libraryId) })
    }),
    socketEvents.register('playlist_removed', ({ queryClient }, playlist: Playlist) => {
      if (!playlist?.id) return
      void queryClient.invalidateQueries({ queryKey: playlistKeys.detail(playlist.id) })
      void queryClient.invalidateQueries({ queryKey: playlistKeys.pages(playlist.libraryId) })
      void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(playlist.libraryId) })
    }),
  ]
  return () => offs.forEach((off) => off())
}
