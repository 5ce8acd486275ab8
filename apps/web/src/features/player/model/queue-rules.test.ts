import { describe, expect, it } from 'vitest'
import {
  isQueued,
  nextQueued,
  queueForPlay,
  sameQueueItem,
  withoutQueued,
  withQueued,
  type QueueItem,
} from './queue-rules.ts'

const entry = (libraryItemId: string, episodeId: string | null = null): QueueItem => ({
  libraryItemId,
  episodeId,
  title: `${libraryItemId}${episodeId ? `/${episodeId}` : ''}`,
  subtitle: null,
  caption: null,
  duration: 60,
  coverPath: null,
  libraryId: 'lib',
})

describe('queue rules', () => {
  it('same entry: same item, and same episode when there is one', () => {
    expect(sameQueueItem(entry('a'), { libraryItemId: 'a', episodeId: null })).toBe(true)
    expect(sameQueueItem(entry('a', 'e1'), entry('a', 'e1'))).toBe(true)
    expect(sameQueueItem(entry('a', 'e1'), entry('a', 'e2'))).toBe(false)
    expect(sameQueueItem(entry('a', 'e1'), entry('a'))).toBe(false)
    expect(sameQueueItem(entry('a'), entry('b'))).toBe(false)
  })

  it('add ignores duplicates and keeps the order; other episodes of the item are added', () => {
    const one = withQueued([], entry('a'))
    const again = withQueued(one, { ...entry('a'), title: 'renamed' })
    expect(again).toBe(one)
    const episodes = withQueued(withQueued(one, entry('p', 'e1')), entry('p', 'e2'))
    expect(episodes.map((q) => q.title)).toEqual(['a', 'p/e1', 'p/e2'])
  })

  it('remove matches like add: only that episode goes; an unknown entry changes nothing', () => {
    const queue = [entry('a'), entry('p', 'e1'), entry('p', 'e2')]
    expect(withoutQueued(queue, { libraryItemId: 'p', episodeId: 'e1' }).map((q) => q.title)).toEqual([
      'a',
      'p/e2',
    ])
    expect(withoutQueued(queue, { libraryItemId: 'p', episodeId: null })).toBe(queue)
    expect(isQueued(withoutQueued(queue, entry('a')), entry('a'))).toBe(false)
  })

  it('playing a queued entry keeps the queue; anything else becomes the whole queue', () => {
    const queue = [entry('a'), entry('b')]
    expect(queueForPlay(queue, entry('b'))).toBe(queue)
    expect(queueForPlay(queue, entry('c'))).toEqual([entry('c')])
    expect(queueForPlay([], entry('c'))).toEqual([entry('c')])
  })

  it('next entry: the one after the current, none after the last or for an unqueued current', () => {
    const queue = [entry('a'), entry('b')]
    expect(nextQueued(queue, entry('a'))?.libraryItemId).toBe('b')
    expect(nextQueued(queue, entry('b'))).toBeNull()
    expect(nextQueued(queue, entry('z'))).toBeNull()
  })
})
