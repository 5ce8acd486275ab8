import type { LibraryItem, MinifiedLibraryItem } from '@shelfcast/contracts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createThrottledFlush, mergeUpdatedItem, patchPage } from './cache-updates.ts'

const minified = (id: string, title: string) =>
  ({
    id,
    updatedAt: 1,
    media: { metadata: { title }, coverPath: null, tags: [], numTracks: 3, duration: 10, size: 5 },
  }) as unknown as MinifiedLibraryItem

const expanded = (id: string, title: string) =>
  ({
    id,
    updatedAt: 2,
    isMissing: true,
    libraryFiles: [{ ino: 'f' }],
    media: {
      metadata: { title },
      coverPath: '/c.jpg',
      tags: ['t'],
      duration: 20,
      size: 6,
      audioFiles: [{}],
      chapters: [],
    },
  }) as unknown as LibraryItem

describe('cache updates from socket events', () => {
  afterEach(() => vi.useRealTimers())

  it('swaps an updated item into a cached list row and keeps the row minified', () => {
    const merged = mergeUpdatedItem(minified('a', 'Old'), expanded('a', 'New')) as unknown as Record<
      string,
      never
    >
    expect(merged).toMatchObject({
      id: 'a',
      updatedAt: 2,
      isMissing: true,
      media: { metadata: { title: 'New' }, coverPath: '/c.jpg', numTracks: 3, duration: 20 },
    })
    expect(merged).not.toHaveProperty('libraryFiles')
    expect(merged.media).not.toHaveProperty('audioFiles')
  })

  it('patches only pages that hold an updated item', () => {
    const page = { results: [minified('a', 'A'), minified('b', 'B')], total: 2 }
    const untouched = { results: [minified('c', 'C')], total: 1 }
    const updates = new Map([['b', expanded('b', 'B2')]])
    const patched = patchPage(page, updates)
    expect(patched).not.toBe(page)
    expect(patched.results[0]).toBe(page.results[0])
    expect((patched.results[1]!.media.metadata as { title: string }).title).toBe('B2')
    expect(patchPage(untouched, updates)).toBe(untouched)
  })

  it('leaves collapsed series rows alone', () => {
    const row = { ...minified('a', 'A'), collapsedSeries: { id: 's' } }
    expect(mergeUpdatedItem(row, expanded('a', 'New'))).toBe(row)
  })

  it('refreshes a library at most once per interval however many events arrive', () => {
    vi.useFakeTimers()
    const flush = vi.fn()
    const throttle = createThrottledFlush(1000, flush)
    for (let i = 0; i < 50; i++) {
      throttle.schedule(i % 2 ? 'lib-a' : 'lib-b')
      vi.advanceTimersByTime(15)
    }
    // 750 ms of events: nothing yet, then one flush with both libraries.
    expect(flush).not.toHaveBeenCalled()
    vi.advanceTimersByTime(300)
    expect(flush).toHaveBeenCalledTimes(1)
    expect([...flush.mock.calls[0]![0]].sort()).toEqual(['lib-a', 'lib-b'])
    throttle.schedule('lib-a')
    vi.advanceTimersByTime(1000)
    expect(flush).toHaveBeenCalledTimes(2)
  })
})
