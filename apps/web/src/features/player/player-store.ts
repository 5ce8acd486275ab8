import type { Bookmark, OpenPlaybackSession } from '@shelfcast/contracts'
import { create } from 'zustand'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import type { PlayerState } from './engine/player-engine.ts'
import { DEFAULT_VOLUME } from './model/player-rules.ts'
import { withoutQueued, withQueued, type QueueItem, type QueueKey } from './model/queue-rules.ts'

export type { QueueItem, QueueKey } from './model/queue-rules.ts'
export { sameQueueItem } from './model/queue-rules.ts'

export type SleepTimer = { type: 'countdown'; remaining: number } | { type: 'chapter' } | null

export const VOLUME_STORAGE_KEY = 'playerVolume'

function storedVolume(): number {
  const value = Number.parseFloat(readString(VOLUME_STORAGE_KEY) ?? '')
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : DEFAULT_VOLUME
}

export interface PlayerStoreState {
  session: OpenPlaybackSession | null
  /** What is being started (before the session answers). */
  libraryItemId: string | null
  episodeId: string | null
  state: PlayerState
  currentTime: number
  bufferedTime: number
  duration: number
  volume: number
  muted: boolean
  sleepTimer: SleepTimer
  queue: readonly QueueItem[]
  queueAutoPlay: boolean
  bookmarks: Bookmark[]
  /** Spec global state playerIsFullscreen: the full-screen player view is open. */
  playerIsFullscreen: boolean
}

export const usePlayerStore = create<PlayerStoreState>()(() => ({
  session: null,
  libraryItemId: null,
  episodeId: null,
  state: 'IDLE',
  currentTime: 0,
  bufferedTime: 0,
  duration: 0,
  volume: storedVolume(),
  muted: false,
  sleepTimer: null,
  queue: [],
  queueAutoPlay: readString(storageKeys.playerQueueAutoPlay) !== '0',
  bookmarks: [],
  playerIsFullscreen: false,
}))

export function setPlayerFullscreen(on: boolean): void {
  usePlayerStore.setState({ playerIsFullscreen: on })
}

/** Spec §4: adding ignores duplicates (same item, and same episode if present). */
export function addToQueue(item: QueueItem): void {
  usePlayerStore.setState((s) => ({ queue: withQueued(s.queue, item) }))
}

/** Removing matches entries the way adding does. */
export function removeFromQueue(key: QueueKey): void {
  usePlayerStore.setState((s) => ({ queue: withoutQueued(s.queue, key) }))
}

/** Autoplay is remembered on this device as '1' or '0' (spec §3: '0' off, anything else on). */
export function setQueueAutoPlay(on: boolean): void {
  writeString(storageKeys.playerQueueAutoPlay, on ? '1' : '0')
  usePlayerStore.setState({ queueAutoPlay: on })
}

export function storeVolume(volume: number): void {
  writeString(VOLUME_STORAGE_KEY, String(volume))
}
