import type { Bookmark, OpenPlaybackSession } from '@shelfcast/contracts'
import { create } from 'zustand'
import { readString, storageKeys, writeString } from '@/lib/storage.ts'
import type { PlayerState } from './engine/player-engine.ts'
import { DEFAULT_VOLUME } from './model/player-rules.ts'

/** Spec §3 queue item. */
export interface QueueItem {
  libraryItemId: string
  episodeId: string | null
  title: string
  subtitle: string | null
  caption: string | null
  duration: number | null
  coverPath: string | null
  libraryId: string
}

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
  queue: QueueItem[]
  queueAutoPlay: boolean
  bookmarks: Bookmark[]
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
}))

export function setQueueAutoPlay(on: boolean): void {
  writeString(storageKeys.playerQueueAutoPlay, on ? '1' : '0')
  usePlayerStore.setState({ queueAutoPlay: on })
}

export function storeVolume(volume: number): void {
  writeString(VOLUME_STORAGE_KEY, String(volume))
}

/** Queue add ignores duplicates (same item, and same episode if present). */
export function sameQueueItem(
  a: Pick<QueueItem, 'libraryItemId' | 'episodeId'>,
  b: Pick<QueueItem, 'libraryItemId' | 'episodeId'>,
) {
  return a.libraryItemId === b.libraryItemId && (a.episodeId ?? null) === (b.episodeId ?? null)
}
