import type { Collection, Playlist } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { libraryKeys } from '@/features/libraries/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { collectionKeys, playlistKeys } from './api.ts'
import { registerCollectionSocketHandlers } from './socket-handlers.ts'

const collection = (name: string): Collection => ({
  id: 'c1',
  libraryId: 'lib',
  name,
  description: null,
  books: [],
  lastUpdate: 0,
  createdAt: 0,
})
const playlist: Playlist = {
  id: 'p1',
  libraryId: 'lib',
  userId: 'u1',
  name: 'Commute',
  description: null,
  items: [],
  lastUpdate: 0,
  createdAt: 0,
}
const stale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated

describe('collection and playlist socket handlers', () => {
  let off: (() => void) | undefined
  afterEach(() => off?.())

  it('swaps an updated collection into its open page and marks the library tab stale', () => {
    off = registerCollectionSocketHandlers()
    const queryClient = new QueryClient()
    const page = [...collectionKeys.pages('lib'), 20, 0]
    queryClient.setQueryData(collectionKeys.detail('c1'), collection('Old'))
    queryClient.setQueryData(page, { results: [], total: 0 })
    socketEvents.dispatch({ queryClient }, 'collection_updated', [collection('New')])
    expect(queryClient.getQueryData<Collection>(collectionKeys.detail('c1'))?.name).toBe('New')
    expect(stale(queryClient, collectionKeys.detail('c1'))).toBe(false)
    expect(stale(queryClient, page)).toBe(true)
  })

  it('leaves uncached collections alone, and refetches a removed one (its page then says it is gone)', () => {
    off = registerCollectionSocketHandlers()
    const queryClient = new QueryClient()
    socketEvents.dispatch({ queryClient }, 'collection_updated', [collection('New')])
    expect(queryClient.getQueryData(collectionKeys.detail('c1'))).toBeUndefined()
    queryClient.setQueryData(collectionKeys.detail('c1'), collection('Old'))
    socketEvents.dispatch({ queryClient }, 'collection_removed', [collection('Old')])
    expect(stale(queryClient, collectionKeys.detail('c1'))).toBe(true)
  })

  it('refreshes the library (Playlists in the side rail) when a playlist comes or goes', () => {
    off = registerCollectionSocketHandlers()
    const queryClient = new QueryClient()
    for (const event of ['playlist_added', 'playlist_removed']) {
      queryClient.setQueryData(libraryKeys.detail('lib'), {})
      queryClient.setQueryData(playlistKeys.all('lib'), [])
      socketEvents.dispatch({ queryClient }, event, [playlist])
      expect(stale(queryClient, libraryKeys.detail('lib')), event).toBe(true)
      expect(stale(queryClient, playlistKeys.all('lib')), event).toBe(true)
    }
  })
})
