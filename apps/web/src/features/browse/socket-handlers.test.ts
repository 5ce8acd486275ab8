import type { LibraryItem } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { libraryKeys } from '@/features/libraries/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { browseKeys, itemKeys } from './api.ts'
import { LIBRARY_REFRESH_MS, registerBrowseSocketHandlers } from './socket-handlers.ts'

const params = { orderBy: 'media.metadata.title', orderDesc: false, filterBy: 'all', collapseSeries: false }
const row = (id: string, title: string) => ({
  id,
  libraryId: 'lib',
  media: { metadata: { title }, coverPath: null, tags: [] },
})
const event = (id: string, title: string) =>
  ({
    id,
    libraryId: 'lib',
    updatedAt: 9,
    media: { metadata: { title }, coverPath: null, tags: [], size: 1 },
    libraryFiles: [],
  }) as unknown as LibraryItem

describe('library socket handlers', () => {
  let off: (() => void) | undefined
  afterEach(() => {
    off?.()
    vi.useRealTimers()
  })

  it('swaps updated items into cached pages without refetching them', () => {
    off = registerBrowseSocketHandlers()
    const queryClient = new QueryClient()
    const key = [...browseKeys.itemsList('lib', params), 28, 0]
    queryClient.setQueryData(key, { results: [row('a', 'Old'), row('b', 'B')], total: 2 })
    socketEvents.dispatch({ queryClient }, 'items_updated', [[event('a', 'New')]])
    const page = queryClient.getQueryData<{ results: { media: { metadata: { title: string } } }[] }>(key)
    expect(page?.results[0]?.media.metadata.title).toBe('New')
    expect(page?.results[1]?.media.metadata.title).toBe('B')
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false)
  })

  it('marks the library lists stale once per interval while items stream in', () => {
    vi.useFakeTimers()
    off = registerBrowseSocketHandlers()
    const queryClient = new QueryClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    for (let i = 0; i < 20; i++)
      socketEvents.dispatch({ queryClient }, 'items_added', [[event(`n${i}`, 'x')]])
    expect(invalidate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(LIBRARY_REFRESH_MS)
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey))
    expect(keys.filter((k) => k === JSON.stringify(browseKeys.library('lib')))).toHaveLength(1)
    expect(keys).toContain(JSON.stringify(libraryKeys.detail('lib')))
  })

  it('forgets a removed item and refreshes its library', () => {
    vi.useFakeTimers()
    off = registerBrowseSocketHandlers()
    const queryClient = new QueryClient()
    queryClient.setQueryData(itemKeys.detail('gone'), { id: 'gone' })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    socketEvents.dispatch({ queryClient }, 'item_removed', [{ id: 'gone', libraryId: 'lib' }])
    expect(queryClient.getQueryData(itemKeys.detail('gone'))).toBeUndefined()
    vi.advanceTimersByTime(LIBRARY_REFRESH_MS)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: browseKeys.library('lib') })
  })

  it.each(['series_removed', 'series_updated'])(
    'refreshes the lists, series page and filter data of the library on %s',
    (name) => {
      vi.useFakeTimers()
      off = registerBrowseSocketHandlers()
      const queryClient = new QueryClient()
      queryClient.setQueryData(browseKeys.seriesDetail('lib', 's1'), { id: 's1', name: 'Old' })
      queryClient.setQueryData(browseKeys.seriesDetail('other', 's2'), { id: 's2', name: 'Other' })
      socketEvents.dispatch({ queryClient }, name, [{ id: 's1', libraryId: 'lib', name: 'New' }])
      vi.advanceTimersByTime(LIBRARY_REFRESH_MS)
      expect(queryClient.getQueryState(browseKeys.seriesDetail('lib', 's1'))?.isInvalidated).toBe(true)
      expect(queryClient.getQueryState(browseKeys.seriesDetail('other', 's2'))?.isInvalidated).toBe(false)
    },
  )
})
