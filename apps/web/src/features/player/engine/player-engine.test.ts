import { describe, expect, it } from 'vitest'
import { FakeAudioBackend } from './fake-audio-backend.ts'
import { PlayerEngine, type EngineEvent, type EngineTrack } from './player-engine.ts'

const tracks: EngineTrack[] = [
  { index: 1, startOffset: 0, duration: 10, url: '/t/1', hls: false },
  { index: 2, startOffset: 10, duration: 10, url: '/t/2', hls: false },
  { index: 3, startOffset: 20, duration: 10, url: '/t/3', hls: false },
]
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const backend = new FakeAudioBackend()
  const engine = new PlayerEngine(() => backend)
  const events: EngineEvent[] = []
  engine.subscribe((event) => events.push(event))
  const states = () => events.filter((e) => e.type === 'state').map((e) => (e as { state: string }).state)
  return { backend, engine, events, states }
}

describe('PlayerEngine', () => {
  it('loads the track holding the start time and plays: LOADING → LOADED → PLAYING', async () => {
    const { backend, engine, states } = setup()
    engine.load(tracks, 15, true)
    expect(engine.getState()).toBe('LOADING')
    await flush()
    expect(backend.loads).toEqual([{ src: '/t/2', startTime: 5 }])
    expect(states()).toEqual(['LOADING', 'LOADED', 'PLAYING'])
    expect(engine.getCurrentTime()).toBe(15)
  })

  it('stays paused when not asked to play', async () => {
    const { engine } = setup()
    engine.load(tracks, 0, false)
    await flush()
    expect(engine.getState()).toBe('PAUSED')
  })

  it('moves to the next track at its start offset when a track ends, and finishes after the last', async () => {
    const { backend, engine, events } = setup()
    engine.load(tracks, 25, true)
    await flush()
    backend.time = 10
    backend.end()
    expect(events.some((e) => e.type === 'finished')).toBe(true)
    expect(engine.getState()).toBe('PAUSED')

    const second = setup()
    second.engine.load(tracks, 5, true)
    await flush()
    second.backend.end()
    expect(second.engine.getState()).toBe('SEEK_LOADING')
    await flush()
    expect(second.backend.loads.at(-1)).toEqual({ src: '/t/2', startTime: 0 })
    expect(second.engine.getState()).toBe('PLAYING')
    expect(second.engine.getCurrentTime()).toBe(10)
  })

  it('seeking into another track loads it and seeks within it; same track just seeks', async () => {
    const { backend, engine } = setup()
    engine.load(tracks, 0, true)
    await flush()
    engine.seek(4)
    expect(backend.loads).toHaveLength(1)
    expect(backend.time).toBe(4)
    engine.seek(23)
    expect(engine.getState()).toBe('SEEK_LOADING')
    expect(engine.getCurrentTime()).toBe(23)
    await flush()
    expect(backend.loads.at(-1)).toEqual({ src: '/t/3', startTime: 3 })
    expect(engine.getState()).toBe('PLAYING')
    expect(engine.getCurrentTime()).toBe(23)
  })

  it('play/pause during a seek into another track pauses: the track loads and stays paused', async () => {
    const { backend, engine } = setup()
    engine.load(tracks, 0, true)
    await flush()
    engine.seek(23)
    expect(engine.getState()).toBe('SEEK_LOADING')
    engine.playPause()
    await flush()
    expect(backend.loads.at(-1)).toEqual({ src: '/t/3', startTime: 3 })
    expect(engine.getState()).toBe('PAUSED')
    engine.playPause()
    await flush()
    expect(engine.getState()).toBe('PLAYING')
  })

  it('reports backend errors as ERROR', async () => {
    const { backend, engine, events } = setup()
    engine.load(tracks, 0, true)
    await flush()
    backend.fail('boom')
    expect(engine.getState()).toBe('ERROR')
    expect(events).toContainEqual({ type: 'error', message: 'boom' })
  })

  it('applies rate and volume to the backend', async () => {
    const { backend, engine } = setup()
    engine.setRate(1.5)
    engine.setVolume(0.3)
    engine.load(tracks, 0, false)
    expect(backend.rate).toBe(1.5)
    expect(backend.volume).toBe(0.3)
    engine.setRate(2)
    expect(backend.rate).toBe(2)
  })
})
