import { afterEach, describe, expect, it } from 'vitest'
import { storageKeys } from '@/lib/storage.ts'
import {
  addToQueue,
  removeFromQueue,
  setQueueAutoPlay,
  usePlayerStore,
  type QueueItem,
} from './player-store.ts'

const book: QueueItem = {
  libraryItemId: 'li1',
  episodeId: null,
  title: 'Book',
  subtitle: 'Author',
  caption: null,
  duration: 90,
  coverPath: null,
  libraryId: 'lib',
}
const episode: QueueItem = { ...book, libraryItemId: 'pod', episodeId: 'ep1', title: 'Episode 1' }

afterEach(() => {
  localStorage.clear()
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('player store queue', () => {
  it('adds once per item or episode and removes by the same match', () => {
    addToQueue(book)
    addToQueue(episode)
    addToQueue({ ...book, title: 'Book again' })
    addToQueue({ ...episode, episodeId: 'ep2' })
    expect(usePlayerStore.getState().queue.map((q) => q.title)).toEqual(['Book', 'Episode 1', 'Episode 1'])
    removeFromQueue({ libraryItemId: 'pod', episodeId: 'ep1' })
    expect(usePlayerStore.getState().queue.map((q) => q.episodeId)).toEqual([null, 'ep2'])
    removeFromQueue(book)
    expect(usePlayerStore.getState().queue).toHaveLength(1)
  })

  it("autoplay is stored as '1' or '0' and defaults to on", () => {
    expect(usePlayerStore.getState().queueAutoPlay).toBe(true)
    setQueueAutoPlay(false)
    expect(localStorage.getItem(storageKeys.playerQueueAutoPlay)).toBe('0')
    expect(usePlayerStore.getState().queueAutoPlay).toBe(false)
    setQueueAutoPlay(true)
    expect(localStorage.getItem(storageKeys.playerQueueAutoPlay)).toBe('1')
    expect(usePlayerStore.getState().queueAutoPlay).toBe(true)
  })
})
