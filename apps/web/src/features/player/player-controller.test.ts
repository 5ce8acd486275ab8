import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '@/lib/api/index.ts'
import { getAccessToken } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { FakeAudioBackend } from './engine/fake-audio-backend.ts'
import { PlayerController } from './player-controller.ts'
import { usePlayerStore } from './player-store.ts'

const session = (playMethod: number) => ({
  id: playMethod === 2 ? 's2' : 's1',
  libraryItemId: 'li1',
  episodeId: null,
  mediaType: 'book',
  displayTitle: 'Book',
  displayAuthor: 'Author',
  coverPath: null,
  duration: 100,
  currentTime: 10,
  playMethod,
  chapters: [
    { id: 0, start: 0, end: 50, title: 'One' },
    { id: 1, start: 50, end: 100, title: 'Two' },
  ],
  audioTracks: [
    {
      index: 1,
      startOffset: 0,
      duration: 100,
      title: 't',
      contentUrl: playMethod === 2 ? '/hls/s2/output.m3u8' : '/public/session/s1/track/1',
      mimeType: playMethod === 2 ? 'application/vnd.apple.mpegurl' : 'audio/mpeg',
    },
  ],
  libraryItem: {
    id: 'li1',
    updatedAt: 1,
    mediaType: 'book',
    media: { coverPath: null, metadata: { authors: [] } },
  },
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

async function setup() {
  const backends: FakeAudioBackend[] = []
  const controller = new PlayerController(() => {
    const backend = new FakeAudioBackend()
    backends.push(backend)
    return backend
  })
  const server = fakeServer({
    'POST /api/items/li1/play': (request) =>
      json(session((request.body as { forceTranscode?: boolean }).forceTranscode ? 2 : 0)),
    'POST /api/session/s1/sync': () => json({}),
    'POST /api/session/s1/close': () => json({}),
    'POST /api/session/s2/close': () => json({}),
  })
  controller.attach(
    createApiClient({
      basePath: '',
      fetch: server.fetch,
      getAccessToken,
      onSessionRefreshed: () => {},
      onSessionExpired: () => {},
    }),
  )
  await controller.play({ libraryItemId: 'li1' })
  await flush()
  return { controller, backends, server }
}

afterEach(() => {
  vi.useRealTimers()
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('PlayerController', () => {
  it('a local playback error retries once with a forced transcode (HLS) at the same time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { backends, server } = await setup()
    backends[0]!.time = 12
    backends[0]!.fail('decode')
    await flush()
    await flush()
    const plays = server.requests.filter((r) => r.path === '/api/items/li1/play')
    expect(plays.map((r) => (r.body as { forceTranscode: boolean }).forceTranscode)).toEqual([false, true])
    expect(server.requests.some((r) => r.path === '/api/session/s1/close')).toBe(true)
    const last = backends.at(-1)!
    expect(last.hls).toBe(true)
    expect(last.loads.at(-1)?.startTime).toBe(12)
    // A second error does not loop: it is reported.
    last.fail('again')
    await flush()
    expect(server.requests.filter((r) => r.path === '/api/items/li1/play')).toHaveLength(2)
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Playback failed: again')
  })

  it('the countdown sleep timer pauses at zero with a toast; end of chapter pauses on a new chapter', async () => {
    const { controller, backends } = await setup()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    controller.engine.pause()
    controller.engine.play()
    await flush()
    controller.setSleepTimer({ type: 'countdown', remaining: 3 })
    vi.advanceTimersByTime(2000)
    expect(usePlayerStore.getState().sleepTimer).toEqual({ type: 'countdown', remaining: 1 })
    vi.advanceTimersByTime(1000)
    expect(usePlayerStore.getState().sleepTimer).toBeNull()
    expect(backends[0]!.playing).toBe(false)
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Sleep timer done... zZzzZz')

    controller.engine.play()
    await flush()
    controller.setSleepTimer({ type: 'chapter' })
    vi.advanceTimersByTime(1000)
    expect(backends[0]!.playing).toBe(true)
    backends[0]!.time = 51
    vi.advanceTimersByTime(1000)
    expect(backends[0]!.playing).toBe(false)
    expect(usePlayerStore.getState().sleepTimer).toBeNull()
  })
})
