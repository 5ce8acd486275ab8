import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import {
  ShareAudioEngine,
  type ShareAudioHandlers,
  type ShareAudioState,
  type ShareAudioTrack,
} from '../model/share-audio-engine.ts'

export interface ShareAudioOptions extends ShareAudioHandlers {
  tracks: readonly ShareAudioTrack[]
  duration: number
  /** Where playback starts: the server's start time for this browser's share session. */
  startTime: number
}

const idle: ShareAudioState = { time: 0, playing: false, waiting: false, rate: 1 }
const noEngine = () => () => {}

/**
 * The share page's audio engine for as long as the page shows, its <audio> element placed in the returned
 * container (where tests and benches find it), and its state as React state.
 */
export function useShareAudio({ tracks, duration, startTime, ...handlers }: ShareAudioOptions) {
  const [engine, setEngine] = useState<ShareAudioEngine | null>(null)
  const container = useRef<HTMLDivElement>(null)
  const latestHandlers = useRef(handlers)
  useEffect(() => {
    latestHandlers.current = handlers
  })

  useEffect(() => {
    const created = new ShareAudioEngine(tracks, duration, startTime, {
      sendProgress: (t) => latestHandlers.current.sendProgress(t),
      sendProgressOnLeave: (t) => latestHandlers.current.sendProgressOnLeave(t),
      onError: () => latestHandlers.current.onError(),
    })
    created.element.dataset.testid = 'share-audio'
    container.current?.append(created.element)
    setEngine(created)
    return () => {
      created.dispose()
      created.element.remove()
    }
  }, [tracks, duration, startTime])

  const state = useSyncExternalStore(engine?.subscribe ?? noEngine, engine?.getState ?? (() => idle))
  return { engine, state, container }
}
