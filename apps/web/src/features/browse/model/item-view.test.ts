import type { MediaProgress, MinifiedLibraryItem, User } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { itemAuthor, itemTitle, progressFraction, progressIndex } from './item-view.ts'

const item = (mediaType: 'book' | 'podcast', metadata: Record<string, unknown>) =>
  ({ id: 'i1', mediaType, media: { metadata } }) as unknown as MinifiedLibraryItem

const progress = (over: Partial<MediaProgress>): MediaProgress =>
  ({
    libraryItemId: 'i1',
    episodeId: null,
    progress: 0,
    ebookProgress: null,
    isFinished: false,
    ...over,
  }) as MediaProgress

describe('item view', () => {
  it('falls back to no title and joins authors', () => {
    expect(itemTitle(item('book', { title: '  ' }))).toBeNull()
    expect(itemTitle(item('book', { title: 'Dune' }))).toBe('Dune')
    expect(
      itemAuthor(
        item('book', {
          authorName: '',
          authors: [
            { id: 'a', name: 'A' },
            { id: 'b', name: 'B' },
          ],
        }),
      ),
    ).toBe('A, B')
    expect(itemAuthor(item('podcast', { author: 'Host' }))).toBe('Host')
  })

  it('reads book progress per item and shows finished as full', () => {
    const user = {
      mediaProgress: [
        progress({ progress: 0.25 }),
        progress({ libraryItemId: 'p', episodeId: 'e', progress: 0.5 }),
      ],
    } as User
    const index = progressIndex(user)
    expect(index.get('i1')?.progress).toBe(0.25)
    expect(index.has('p')).toBe(false)
    expect(progressIndex(user)).toBe(index)
    expect(progressFraction(progress({ progress: 0.25 }))).toEqual({ value: 0.25, finished: false })
    expect(progressFraction(progress({ progress: 0.1, isFinished: true }))).toEqual({
      value: 1,
      finished: true,
    })
    expect(progressFraction(progress({ progress: 0 }))).toBeNull()
    expect(progressFraction(undefined)).toBeNull()
  })
})
