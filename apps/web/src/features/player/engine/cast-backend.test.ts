import { describe, expect, it } from 'vitest'
import { createCastBackend } from './cast-backend.ts'
import { CAST_MEDIA_NAMESPACE } from './cast-sender-api.ts'
import { FakeCastSender } from './fake-cast-sender.ts'
import { PlayerEngine, type EngineEvent, type EngineTrack } from './player-engine.ts'

const url = (n: number) => `https://shelf.example/public/session/s1/track/${n}?token=tok`
const tracks: EngineTrack[] = [1, 2, 3].map((n) => ({
  index: n,
  startOffset: (n - 1) * 40,
  duration: 40,
  url: url(n),
  hls: false,
  mimeType: 'audio/flac',
}))
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const sender = new FakeCastSender()
  sender.startSession()
  const engine = new PlayerEngine(() =>
    createCastBackend({ api: sender.api, context: sender.context, title: () => 'The Ashen Gate' }),
  )
  const events: EngineEvent[] = []
  engine.subscribe((event) => events.push(event))
  return { sender, engine, events }
}

describe('cast backend', () => {
  it('loads the item as one queue starting in the track that holds the start time, then plays', async () => {
    const { sender, engine } = setup()
    engine.setVolume(0.4)
    engine.load(tracks, 50, true)
    expect(engine.getState()).toBe('LOADING')
    await flush()
    const request = sender.loads[0]!
    expect(request.queueData?.items?.map((item) => item.media.contentId)).toEqual([url(1), url(2), url(3)])
    expect(request.queueData?.items?.[0]?.media.contentType).toBe('audio/flac')
    expect(request.queueData?.startIndex).toBe(1)
    expect(request.media.contentId).toBe(url(2))
    expect(request.currentTime).toBe(10)
    expect(request.autoplay).toBe(false)
    expect(sender.commands).toEqual(['playOrPause'])
    expect(engine.getState()).toBe('PLAYING')
    expect(engine.getCurrentTime()).toBe(50)
    // Connecting does not push the local volume to the receiver.
    expect(sender.commands.some((c) => c.startsWith('volume'))).toBe(false)
  })

  it('reports whole-item time as the receiver plays on and moves along the queue', async () => {
    const { sender, engine, events } = setup()
    engine.load(tracks, 50, true)
    await flush()
    sender.advance(5)
    expect(engine.getCurrentTime()).toBe(55)
    expect(events.at(-1)).toEqual({ type: 'timeupdate', currentTime: 55 })
    sender.nextItem()
    expect(engine.getCurrentTime()).toBe(80)
    sender.advance(39)
    sender.finish()
    expect(events).toContainEqual({ type: 'finished' })
    expect(engine.getState()).toBe('PAUSED')
  })

  it('seeks inside the current track on the receiver, and reloads the queue for another track', async () => {
    const { sender, engine } = setup()
    engine.load(tracks, 0, true)
    await flush()
    engine.seek(30)
    expect(sender.commands.at(-1)).toBe('seek 30')
    expect(engine.getCurrentTime()).toBe(30)
    engine.seek(100)
    expect(engine.getCurrentTime()).toBe(100)
    await flush()
    const reload = sender.loads.at(-1)!
    expect(reload.queueData?.startIndex).toBe(2)
    expect(reload.currentTime).toBe(20)
    expect(reload.autoplay).toBe(true)
    expect(engine.getState()).toBe('PLAYING')
    expect(engine.getCurrentTime()).toBe(100)
  })

  it('pauses, sets rate, volume and mute on the receiver once media is loaded', async () => {
    const { sender, engine } = setup()
    engine.setRate(1.5)
    engine.load(tracks, 0, true)
    await flush()
    expect(sender.messages).toContainEqual({
      namespace: CAST_MEDIA_NAMESPACE,
      message: { type: 'SET_PLAYBACK_RATE', playbackRate: 1.5, mediaSessionId: 7, requestId: 0 },
    })
    engine.pause()
    expect(engine.getState()).toBe('PAUSED')
    engine.setVolume(0.3)
    engine.setMuted(true)
    engine.setMuted(true)
    expect(sender.commands.slice(-2)).toEqual(['volume 0.3', 'muteOrUnmute'])
  })

  it('a failed load is an engine error; closing stops the receiver', async () => {
    const failing = setup()
    failing.sender.failNextLoad = 'LOAD_FAILED'
    failing.engine.load(tracks, 0, true)
    await flush()
    expect(failing.engine.getState()).toBe('ERROR')
    expect(failing.events).toContainEqual({ type: 'error', message: 'cast load failed: LOAD_FAILED' })

    const { sender, engine } = setup()
    engine.load(tracks, 0, true)
    await flush()
    engine.unload()
    expect(sender.commands.at(-1)).toBe('stop')
  })

  it('keeps the last reported time once the session ends', async () => {
    const { sender, engine } = setup()
    engine.load(tracks, 50, true)
    await flush()
    sender.advance(4)
    sender.endSession()
    expect(engine.getCurrentTime()).toBe(54)
  })

  it('without a session it reports an error instead of loading', async () => {
    const { sender, engine } = setup()
    sender.endSession()
    engine.load(tracks, 0, true)
    await flush()
    expect(sender.loads).toHaveLength(0)
    expect(engine.getState()).toBe('ERROR')
  })
})
