import { afterEach, describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeApiClient, fakeServer, json } from '@/test/fake-server.ts'
import { CastConnection } from './engine/cast-connection.ts'
import { CAST_MIME_TYPES } from './engine/cast-sdk.ts'
import { FakeAudioBackend } from './engine/fake-audio-backend.ts'
import { FakeCastSender } from './engine/fake-cast-sender.ts'
import { PlayerController } from './player-controller.ts'
import { usePlayerStore } from './player-store.ts'

// A two-file book; every play opens a new session (s1, s2, ...) as the server does.
const castSession = (id: string) => ({
  id,
  libraryItemId: 'book',
  episodeId: null,
  mediaType: 'book',
  displayTitle: 'Two Rivers',
  displayAuthor: 'Ada Quill',
  coverPath: null,
  duration: 80,
  currentTime: 45,
  playMethod: 0,
  chapters: [],
  audioTracks: [1, 2].map((n) => ({
    index: n,
    startOffset: (n - 1) * 40,
    duration: 40,
    title: `Side ${n}`,
    contentUrl: `/public/session/${id}/track/${n}`,
    mimeType: 'audio/mpeg',
  })),
  libraryItem: { id: 'book', updatedAt: 1, mediaType: 'book', media: { coverPath: null, metadata: {} } },
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush()
}

async function playLocally() {
  useSessionStore.setState({ accessToken: 'tok' })
  const locals: FakeAudioBackend[] = []
  const controller = new PlayerController(() => {
    const backend = new FakeAudioBackend()
    locals.push(backend)
    return backend
  })
  let opened = 0
  const server = fakeServer({
    'POST /api/items/book/play': () => json(castSession(`s${++opened}`)),
    ...Object.fromEntries(
      ['s1', 's2', 's3'].flatMap((id) => [
        [`POST /api/session/${id}/sync`, () => json({})],
        [`POST /api/session/${id}/close`, () => json({})],
      ]),
    ),
  })
  controller.attach(fakeApiClient(server.fetch))
  const sender = new FakeCastSender()
  controller.attachCast(new CastConnection(sender.api))
  await controller.play({ libraryItemId: 'book' })
  await settle()
  const plays = () => server.requests.filter((r) => r.path === '/api/items/book/play')
  const closed = (id: string) => server.requests.some((r) => r.path === `/api/session/${id}/close`)
  return { controller, locals, sender, plays, closed }
}

afterEach(() => usePlayerStore.setState(usePlayerStore.getInitialState(), true))

describe('PlayerController casting', () => {
  it('a cast session moves playback to the receiver at the same position, as a chromecast session', async () => {
    const { controller, locals, sender, plays, closed } = await playLocally()
    expect(plays()[0]?.body).toMatchObject({ mediaPlayer: 'html5' })
    locals[0]!.advance(2)
    expect(usePlayerStore.getState().currentTime).toBe(47)

    sender.startSession()
    await settle()
    expect(closed('s1')).toBe(true)
    expect(locals[0]!.destroyed).toBe(true)
    expect(plays()[1]?.body).toMatchObject({ mediaPlayer: 'chromecast', supportedMimeTypes: CAST_MIME_TYPES })
    const request = sender.loads[0]!
    expect(request.queueData?.items?.map((item) => item.media.contentId)).toEqual([
      `${window.location.origin}/public/session/s2/track/1?token=tok`,
      `${window.location.origin}/public/session/s2/track/2?token=tok`,
    ])
    expect(request.queueData?.startIndex).toBe(1)
    expect(request.currentTime).toBe(7)
    expect(controller.engine.getState()).toBe('PLAYING')
    expect(usePlayerStore.getState().session?.id).toBe('s2')
  })

  it('the session ending brings playback back to local audio where the receiver was', async () => {
    const { controller, locals, sender, plays, closed } = await playLocally()
    sender.startSession()
    await settle()
    controller.engine.pause()
    sender.advance(3)
    expect(usePlayerStore.getState().currentTime).toBe(48)

    sender.endSession()
    await settle()
    expect(closed('s2')).toBe(true)
    expect(plays()[2]?.body).toMatchObject({ mediaPlayer: 'html5' })
    const local = locals.at(-1)!
    expect(locals).toHaveLength(2)
    expect(local.loads.at(-1)).toEqual({ src: '/public/session/s3/track/2?token=tok', startTime: 8 })
    // It was paused on the receiver, so it stays paused here.
    expect(controller.engine.getState()).toBe('PAUSED')
  })
})
