import { afterEach, describe, expect, it } from 'vitest'
import { fakeApiClient, fakeServer, json } from '@/test/fake-server.ts'
import { FakeAudioBackend } from './engine/fake-audio-backend.ts'
import { PlayerController } from './player-controller.ts'
import { addToQueue, setQueueAutoPlay, usePlayerStore, type QueueItem } from './player-store.ts'

// One-file, chapterless books: a session answer per item, so the queue can walk from one to the next.
const sessionFor = (itemId: string) => ({
  id: `session-${itemId}`,
  libraryId: 'lib',
  libraryItemId: itemId,
  episodeId: null,
  mediaType: 'book',
  displayTitle: `Title ${itemId}`,
  displayAuthor: 'Someone',
  coverPath: null,
  duration: 30,
  currentTime: 0,
  playMethod: 0,
  chapters: [],
  audioTracks: [
    {
      index: 1,
      startOffset: 0,
      duration: 30,
      title: 't',
      contentUrl: `/track/${itemId}`,
      mimeType: 'audio/mpeg',
    },
  ],
  libraryItem: { id: itemId, updatedAt: 1, mediaType: 'book', media: { coverPath: null, metadata: {} } },
})

const queued = (itemId: string): QueueItem => ({
  libraryItemId: itemId,
  episodeId: null,
  title: `Queued ${itemId}`,
  subtitle: null,
  caption: null,
  duration: 30,
  coverPath: null,
  libraryId: 'lib',
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** `holdPlayOf`: that item's play answer waits until `release()` (to act while it is starting). */
function start(holdPlayOf?: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const backends: FakeAudioBackend[] = []
  const controller = new PlayerController(() => {
    const backend = new FakeAudioBackend()
    backends.push(backend)
    return backend
  })
  const routes: Record<string, () => Response | Promise<Response>> = {}
  for (const id of ['a', 'b', 'c']) {
    routes[`POST /api/items/${id}/play`] = () =>
      id === holdPlayOf ? held.then(() => json(sessionFor(id))) : json(sessionFor(id))
    routes[`POST /api/session/session-${id}/sync`] = () => json({})
    routes[`POST /api/session/session-${id}/close`] = () => json({})
  }
  const server = fakeServer(routes)
  controller.attach(fakeApiClient(server.fetch))
  return { controller, backend: () => backends.at(-1)!, server, release }
}

const queueIds = () => usePlayerStore.getState().queue.map((q) => q.libraryItemId)

afterEach(() => {
  localStorage.clear()
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('player queue', () => {
  it('playing an unqueued item makes it the queue (from the session when the starter gave no entry)', async () => {
    const { controller } = start()
    addToQueue(queued('c'))
    await controller.play({ libraryItemId: 'a' })
    expect(usePlayerStore.getState().queue).toEqual([
      { ...queued('a'), title: 'Title a', subtitle: 'Someone' },
    ])
    await controller.play({ libraryItemId: 'b', queueItem: queued('b') })
    expect(usePlayerStore.getState().queue).toEqual([queued('b')])
  })

  it('playing a queued entry keeps the queue; when media finishes autoplay starts the next', async () => {
    const { controller, backend, server } = start()
    await controller.play({ libraryItemId: 'a', queueItem: queued('a') })
    addToQueue(queued('b'))
    await controller.play({ libraryItemId: 'b' })
    expect(queueIds()).toEqual(['a', 'b'])
    await controller.play({ libraryItemId: 'a' })
    await flush()
    backend().end()
    await flush()
    await flush()
    expect(usePlayerStore.getState().session?.libraryItemId).toBe('b')
    expect(server.requests.some((r) => r.path === '/api/session/session-a/sync')).toBe(true)
    // The last entry finishing starts nothing.
    backend().end()
    await flush()
    await flush()
    expect(server.requests.filter((r) => r.path === '/api/items/b/play')).toHaveLength(2)
  })

  it("the server's close event for the session we closed to start the next item does not stop it", async () => {
    const { controller, backend, release } = start('b')
    await controller.play({ libraryItemId: 'a' })
    addToQueue(queued('b'))
    await flush()
    backend().end()
    await flush()
    // The close of session-a is echoed back while b is starting, then again once b plays.
    controller.onStreamClosed('session-a')
    release()
    await flush()
    await flush()
    controller.onStreamClosed('session-a')
    expect(usePlayerStore.getState().session?.libraryItemId).toBe('b')
    expect(usePlayerStore.getState().state).not.toBe('IDLE')
    controller.onStreamClosed('session-b')
    await flush()
    expect(usePlayerStore.getState().session).toBeNull()
  })

  it('with autoplay off a finished item stays; next still offers the queued item', async () => {
    const { controller, backend } = start()
    setQueueAutoPlay(false)
    await controller.play({ libraryItemId: 'a' })
    addToQueue(queued('b'))
    await flush()
    expect(controller.nextTarget()).toEqual({ kind: 'queue' })
    backend().end()
    await flush()
    await flush()
    expect(usePlayerStore.getState().session?.libraryItemId).toBe('a')
    controller.next()
    await flush()
    await flush()
    expect(usePlayerStore.getState().session?.libraryItemId).toBe('b')
  })
})
