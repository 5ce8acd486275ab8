import type { Bookmark, OpenPlaybackSession, UserItemProgressUpdated } from '@shelfcast/contracts'
import { limits, PlayMethod, fillPath, itemRoutes, playbackRoutes } from '@shelfcast/contracts/client'
import type { ApiClient } from '@/lib/api/index.ts'
import { dateLocale, i18n } from '@/lib/i18n/index.ts'
import { getAccessToken, useSessionStore } from '@/lib/session-store.ts'
import { readString, writeString } from '@/lib/storage.ts'
import { formatDateTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import type { AudioBackendFactory } from './engine/audio-backend.ts'
import type { CastConnection } from './engine/cast-connection.ts'
import { CAST_MIME_TYPES } from './engine/cast-sdk.ts'
import { createHtmlAudioBackend } from './engine/html-audio-backend.ts'
import { PlayerEngine, type EngineTrack } from './engine/player-engine.ts'
import { ProgressSync } from './engine/progress-sync.ts'
import {
  bindMediaSessionActions,
  browserMediaSession,
  nowPlayingMetadata,
  showNowPlaying,
  showPosition,
} from './media-session.ts'
import { chapterAt, clampRate, clampVolume, nextTarget, previousChapterTarget } from './model/player-rules.ts'
import { nextQueued, queueForPlay, queueItemFromSession } from './model/queue-rules.ts'
import {
  addToQueue,
  removeFromQueue,
  storeVolume,
  usePlayerStore,
  type QueueItem,
  type QueueKey,
  type SleepTimer,
} from './player-store.ts'
import { installPlayerController, loadedPlayerController, sharedCastConnection } from './player-instance.ts'

export const CLIENT_NAME = 'Abs Web'
export const CLIENT_VERSION = '0.1.0'
const DEVICE_ID_KEY = 'deviceId'
const SYNC_FAILING_TOAST_ID = 'player-sync-failing'
const MULTI_SESSION_TOAST_MS = limits.multiSessionToastMs
const MIME_TYPES = [
  'audio/flac',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/aac',
  'audio/webm',
  'audio/x-m4a',
]

function deviceId(): string {
  let id = readString(DEVICE_ID_KEY)
  if (!id) {
    id = crypto.randomUUID()
    writeString(DEVICE_ID_KEY, id)
  }
  return id
}

function supportedMimeTypes(): string[] {
  try {
    const audio = document.createElement('audio')
    return MIME_TYPES.filter((type) => audio.canPlayType(type) !== '')
  } catch {
    return []
  }
}

export interface PlayOptions {
  libraryItemId: string
  episodeId?: string | null
  /**
   * How this item looks in the queue. Playing something not queued makes the queue just that item
   * (built from the session when not given); playing a queued entry keeps the queue.
   */
  queueItem?: QueueItem
  startTime?: number
  forceTranscode?: boolean
  /** Start playing once loaded (default); false loads paused. */
  playWhenReady?: boolean
}

/**
 * Runs playback for the app: starts sessions, drives the engine, syncs progress, keeps the zustand store
 * current for the UI, the sleep timer, the queue and the Media Session.
 */
export class PlayerController {
  readonly engine: PlayerEngine
  private api: ApiClient | null = null
  private sync: ProgressSync
  private ticker: ReturnType<typeof setInterval> | null = null
  private lastTick = 0
  private lastChapterId: number | null = null
  private forcedTranscode = false
  private starting = 0
  private cast: CastConnection | null = null
  private offCast: (() => void) | null = null

  constructor(backendFactory: AudioBackendFactory = createHtmlAudioBackend) {
    // Each load picks the output: the cast receiver while a cast session is connected, else local audio.
    this.engine = new PlayerEngine(() =>
      this.cast?.isConnected()
        ? this.cast.createBackend(() => usePlayerStore.getState().session?.displayTitle ?? '')
        : backendFactory(),
    )
    this.sync = new ProgressSync({
      transport: {
        sync: (id, body, timeoutMs) =>
          this.requireApi().call(playbackRoutes.sync, { params: { id }, body, timeoutMs }),
        close: (id, body, timeoutMs) =>
          this.requireApi().call(playbackRoutes.close, { params: { id }, body, timeoutMs }),
      },
      onSyncFailing: () =>
        toast.error(i18n.t('ToastProgressIsNotBeingSynced'), { id: SYNC_FAILING_TOAST_ID, timeoutMs: null }),
      onSyncRecovered: () => toast.dismiss(SYNC_FAILING_TOAST_ID),
    })
    this.engine.subscribe((event) => {
      switch (event.type) {
        case 'state':
          if (event.state === 'PAUSED' && usePlayerStore.getState().state === 'PLAYING')
            void this.sync.sync(this.engine.getCurrentTime(), this.engine.getDuration())
          usePlayerStore.setState({ state: event.state })
          if (event.state === 'PLAYING') this.startTicker()
          else this.stopTicker()
          this.updateMediaSession()
          return
        case 'timeupdate':
          this.refreshTime()
          return
        case 'finished':
          void this.onFinished()
          return
        case 'error':
          void this.onError(event.message)
          return
      }
    })
    const { volume, muted } = usePlayerStore.getState()
    this.engine.setVolume(volume)
    this.engine.setMuted(muted)
    this.engine.setRate(useUserSettings.getState().settings.playbackRate)
    useUserSettings.subscribe((state, previous) => {
      if (state.settings.playbackRate !== previous.settings.playbackRate)
        this.engine.setRate(state.settings.playbackRate)
    })
  }

  attach(api: ApiClient): void {
    this.api = api
  }

  /** Plays through a Cast connection while it has a session; a session starting or ending moves playback. */
  attachCast(connection: CastConnection | null): void {
    this.offCast?.()
    this.cast = connection
    this.offCast = connection?.subscribe(() => void this.switchOutput()) ?? null
  }

  /** Spec §4: casting and local players switch on a cast session change, preserving position. */
  private async switchOutput(): Promise<void> {
    const { session, libraryItemId, episodeId, currentTime } = usePlayerStore.getState()
    if (!libraryItemId) return
    const state = this.engine.getState()
    await this.play({
      libraryItemId,
      episodeId,
      startTime: session ? currentTime : undefined,
      playWhenReady: state === 'PLAYING' || state === 'LOADING' || state === 'SEEK_LOADING',
    })
  }

  private requireApi(): ApiClient {
    if (!this.api) throw new Error('player not attached to an api client')
    return this.api
  }

  // ---- sessions ---------------------------------------------------------------------------------

  async play(options: PlayOptions): Promise<void> {
    const api = this.requireApi()
    const episodeId = options.episodeId ?? null
    const casting = this.cast?.isConnected() ?? false
    const token = ++this.starting
    await this.closeSession()
    this.forcedTranscode = options.forceTranscode ?? false
    usePlayerStore.setState({
      libraryItemId: options.libraryItemId,
      episodeId,
      state: 'LOADING',
      currentTime: options.startTime ?? 0,
      bufferedTime: 0,
      sleepTimer: usePlayerStore.getState().sleepTimer,
    })
    const body = {
      deviceInfo: { deviceId: deviceId(), clientName: CLIENT_NAME, clientVersion: CLIENT_VERSION },
      supportedMimeTypes: casting ? CAST_MIME_TYPES : supportedMimeTypes(),
      mediaPlayer: casting ? 'chromecast' : 'html5',
      forceDirectPlay: false,
      forceTranscode: this.forcedTranscode,
    }
    let session: OpenPlaybackSession
    try {
      session = episodeId
        ? await api.call(playbackRoutes.playEpisode, {
            params: { id: options.libraryItemId, episodeId },
            body,
          })
        : await api.call(playbackRoutes.play, { params: { id: options.libraryItemId }, body })
    } catch (error) {
      console.error('[player] failed to start playback', error)
      if (token === this.starting) this.reset()
      return
    }
    if (token !== this.starting) {
      void api
        .call(playbackRoutes.close, { params: { id: session.id }, body: undefined })
        .catch(() => undefined)
      return
    }
    const startTime = options.startTime ?? session.currentTime ?? 0
    const bookmarks = (useSessionStore.getState().user?.bookmarks ?? []).filter(
      (b) => b.libraryItemId === session.libraryItemId,
    )
    usePlayerStore.setState({
      session,
      duration: session.duration,
      currentTime: startTime,
      bookmarks,
      queue: queueForPlay(
        usePlayerStore.getState().queue,
        options.queueItem ?? queueItemFromSession(session),
      ),
    })
    this.sync.start(session.id, startTime)
    this.lastChapterId = chapterAt(session.chapters, startTime)?.id ?? null
    const accessToken = getAccessToken()
    const tracks: EngineTrack[] = session.audioTracks.map((track) => {
      const url = api.url(track.contentUrl, { token: accessToken })
      return {
        index: track.index,
        startOffset: track.startOffset,
        duration: track.duration,
        // A receiver fetches from elsewhere: it needs the full address (the token rides along).
        url: casting ? new URL(url, window.location.href).href : url,
        hls: track.contentUrl.includes('.m3u8') || /mpegurl/i.test(track.mimeType),
        mimeType: track.mimeType,
        title: track.title,
      }
    })
    this.engine.load(tracks, startTime, options.playWhenReady ?? true)
    this.updateMediaSession()
  }

  /** Stops playback and closes the session (not while loading). */
  async close(): Promise<void> {
    const state = this.engine.getState()
    if (state === 'LOADING') return
    this.starting++
    await this.closeSession()
    this.reset()
  }

  private async closeSession(): Promise<void> {
    if (!this.sync.activeSessionId) {
      this.engine.unload()
      return
    }
    const time = this.engine.getCurrentTime()
    const duration = this.engine.getDuration()
    this.engine.unload()
    await this.sync.close(time, duration)
  }

  private reset(): void {
    this.engine.unload()
    usePlayerStore.setState({
      session: null,
      libraryItemId: null,
      episodeId: null,
      state: 'IDLE',
      currentTime: 0,
      bufferedTime: 0,
      duration: 0,
      sleepTimer: null,
      bookmarks: [],
    })
    const ms = browserMediaSession()
    if (ms) showNowPlaying(ms, null, false)
  }

  private async onFinished(): Promise<void> {
    this.refreshTime()
    await this.sync.sync(this.engine.getDuration(), this.engine.getDuration())
    const { queue, queueAutoPlay, session } = usePlayerStore.getState()
    if (!session) return
    const next = nextQueued(queue, session)
    if (queueAutoPlay && next)
      void this.play({ libraryItemId: next.libraryItemId, episodeId: next.episodeId })
    else console.info('[player] media finished')
  }

  /** A local player error retries once with a forced transcode (spec §4). */
  private async onError(message: string): Promise<void> {
    const session = usePlayerStore.getState().session
    console.error('[player] playback error', message)
    if (session && !this.forcedTranscode && session.playMethod !== PlayMethod.TRANSCODE) {
      const time = this.engine.getCurrentTime()
      await this.play({
        libraryItemId: session.libraryItemId,
        episodeId: session.episodeId,
        startTime: time,
        forceTranscode: true,
      })
      return
    }
    toast.error(i18n.t('ToastPlaybackFailed', { message }))
  }

  // ---- controls ---------------------------------------------------------------------------------

  playPause(): void {
    this.engine.playPause()
  }

  seek(time: number): void {
    if (!Number.isFinite(time)) {
      console.error('[player] invalid seek time', time)
      return
    }
    this.engine.seek(time)
    this.refreshTime()
    // As ABS does: a seek saves the new position (skipped if it moved under 1 s).
    void this.sync.sync(Math.max(0, Math.min(time, this.engine.getDuration())), this.engine.getDuration())
  }

  jumpForward(): void {
    this.seek(
      Math.min(
        this.engine.getDuration(),
        this.engine.getCurrentTime() + useUserSettings.getState().settings.jumpForwardAmount,
      ),
    )
  }

  jumpBackward(): void {
    this.seek(
      Math.max(0, this.engine.getCurrentTime() - useUserSettings.getState().settings.jumpBackwardAmount),
    )
  }

  previousChapter(): void {
    const session = usePlayerStore.getState().session
    this.seek(previousChapterTarget(session?.chapters ?? [], this.engine.getCurrentTime()))
  }

  hasNext(): boolean {
    return this.nextTarget() !== null
  }

  nextTarget() {
    const { session, queue } = usePlayerStore.getState()
    if (!session) return null
    return nextTarget(session.chapters, this.engine.getCurrentTime(), nextQueued(queue, session) !== null)
  }

  next(): void {
    const target = this.nextTarget()
    if (!target) return
    if (target.kind === 'chapter') {
      this.seek(target.time)
      return
    }
    const { session, queue } = usePlayerStore.getState()
    const item = session ? nextQueued(queue, session) : null
    if (item) void this.play({ libraryItemId: item.libraryItemId, episodeId: item.episodeId })
  }

  setRate(rate: number): void {
    useUserSettings.getState().update({ playbackRate: clampRate(rate) })
  }

  setVolume(volume: number): void {
    const value = clampVolume(volume)
    this.engine.setVolume(value)
    this.engine.setMuted(false)
    storeVolume(value)
    usePlayerStore.setState({ volume: value, muted: false })
  }

  /** Mute remembers the volume; unmuting at 0 restores the default 0.5. */
  toggleMute(): void {
    const { muted, volume } = usePlayerStore.getState()
    if (muted || volume === 0) {
      this.setVolume(volume === 0 ? 0.5 : volume)
      return
    }
    this.engine.setMuted(true)
    usePlayerStore.setState({ muted: true })
  }

  setSleepTimer(timer: SleepTimer): void {
    if (timer?.type === 'chapter')
      this.lastChapterId =
        chapterAt(usePlayerStore.getState().session?.chapters ?? [], this.engine.getCurrentTime())?.id ?? null
    usePlayerStore.setState({ sleepTimer: timer })
  }

  // ---- queue ------------------------------------------------------------------------------------

  addToQueue(item: QueueItem): void {
    addToQueue(item)
  }

  removeFromQueue(key: QueueKey): void {
    removeFromQueue(key)
  }

  // ---- bookmarks --------------------------------------------------------------------------------

  /** Creates a bookmark at the current whole second; an empty title becomes the date and time (server formats). */
  async createBookmark(note: string): Promise<boolean> {
    const session = usePlayerStore.getState().session
    if (!session) return false
    const title =
      note.trim() || formatDateTime(Date.now(), useSessionStore.getState().serverSettings, dateLocale())
    const time = Math.floor(this.engine.getCurrentTime())
    try {
      const bookmark = await this.requireApi().call(playbackRoutes.createBookmark, {
        params: { id: session.libraryItemId },
        body: { title, time },
      })
      this.setBookmarks([...usePlayerStore.getState().bookmarks.filter((b) => b.time !== time), bookmark])
      toast.success(i18n.t('ToastBookmarkCreateSuccess'))
      return true
    } catch (error) {
      console.error('[player] bookmark create failed', error)
      toast.error(i18n.t('ToastBookmarkCreateFailed'))
      return false
    }
  }

  async updateBookmark(bookmark: Bookmark, title: string): Promise<boolean> {
    try {
      await this.requireApi().call(playbackRoutes.renameBookmark, {
        params: { id: bookmark.libraryItemId },
        body: { time: bookmark.time, title },
      })
      this.setBookmarks(
        usePlayerStore.getState().bookmarks.map((b) => (b.time === bookmark.time ? { ...b, title } : b)),
      )
      return true
    } catch (error) {
      console.error('[player] bookmark update failed', error)
      toast.error(i18n.t('ToastBookmarkUpdateFailed'))
      return false
    }
  }

  async removeBookmark(bookmark: Bookmark): Promise<boolean> {
    try {
      await this.requireApi().call(playbackRoutes.deleteBookmark, {
        params: { id: bookmark.libraryItemId, time: bookmark.time },
      })
      this.setBookmarks(usePlayerStore.getState().bookmarks.filter((b) => b.time !== bookmark.time))
      toast.success(i18n.t('ToastBookmarkRemoveSuccess'))
      return true
    } catch (error) {
      console.error('[player] bookmark remove failed', error)
      toast.error(i18n.t('ToastBookmarkRemoveFailed'))
      return false
    }
  }

  private setBookmarks(bookmarks: Bookmark[]): void {
    const sorted = [...bookmarks].sort((a, b) => a.time - b.time)
    usePlayerStore.setState({ bookmarks: sorted })
    const sessionStore = useSessionStore.getState()
    const user = sessionStore.user
    const itemId = usePlayerStore.getState().session?.libraryItemId
    if (user && itemId)
      sessionStore.setUser({
        ...user,
        bookmarks: [...user.bookmarks.filter((b) => b.libraryItemId !== itemId), ...sorted],
      })
  }

  // ---- server events ----------------------------------------------------------------------------

  /** Another session updated this item: warn while playing, else follow its position. */
  onProgressUpdated(payload: UserItemProgressUpdated): void {
    const { session } = usePlayerStore.getState()
    if (!session || payload.data.libraryItemId !== session.libraryItemId) return
    if ((payload.data.episodeId ?? null) !== (session.episodeId ?? null)) return
    if (!payload.sessionId || payload.sessionId === session.id) return
    if (this.engine.getState() === 'PLAYING') {
      toast.warning(i18n.t('ToastMultiSessionWarning', { device: payload.deviceDescription ?? '' }), {
        id: 'player-multi-session',
        timeoutMs: MULTI_SESSION_TOAST_MS,
      })
    } else if (Number.isFinite(payload.data.currentTime)) {
      this.seek(payload.data.currentTime)
    }
  }

  onStreamClosed(streamId: string): void {
    // Closing the previous session to start the next item comes back as this event while the next one
    // loads: only a session still open here was closed by the server.
    if (this.sync.activeSessionId === streamId) void this.close()
  }

  onStreamError(payload: { id?: string; error?: string; message?: string }): void {
    const session = usePlayerStore.getState().session
    if (!session || (payload.id && payload.id !== session.id)) return
    toast.error(i18n.t('ToastStreamFailed', { message: payload.error ?? payload.message ?? '' }))
    void this.close()
  }

  onStreamReset(payload: { startTime: number; streamId: string }): void {
    const session = usePlayerStore.getState().session
    if (!session || payload.streamId !== session.id) return
    setTimeout(() => {
      if (usePlayerStore.getState().session?.id === session.id)
        void this.play({
          libraryItemId: session.libraryItemId,
          episodeId: session.episodeId,
          startTime: payload.startTime,
          forceTranscode: this.forcedTranscode,
        })
    }, 1000)
  }

  // ---- the 1-second tick while playing ----------------------------------------------------------

  private startTicker(): void {
    if (this.ticker) return
    this.lastTick = Date.now()
    this.ticker = setInterval(() => this.tick(), 1000)
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
  }

  private tick(): void {
    const now = Date.now()
    const elapsed = Math.max(0, Math.min(5, (now - this.lastTick) / 1000))
    this.lastTick = now
    const time = this.engine.getCurrentTime()
    this.refreshTime()
    void this.sync.tick(time, this.engine.getDuration(), elapsed)
    const { sleepTimer, session } = usePlayerStore.getState()
    if (sleepTimer?.type === 'countdown') {
      const remaining = sleepTimer.remaining - elapsed
      if (remaining <= 0) {
        usePlayerStore.setState({ sleepTimer: null })
        this.engine.pause()
        toast.info(i18n.t('ToastSleepTimerDone'))
      } else usePlayerStore.setState({ sleepTimer: { type: 'countdown', remaining } })
    }
    const chapterId = chapterAt(session?.chapters ?? [], time)?.id ?? null
    if (sleepTimer?.type === 'chapter' && chapterId !== this.lastChapterId) {
      usePlayerStore.setState({ sleepTimer: null })
      this.engine.pause()
      toast.info(i18n.t('ToastSleepTimerDone'))
    }
    this.lastChapterId = chapterId
  }

  private refreshTime(): void {
    const snapshot = this.engine.snapshot()
    usePlayerStore.setState({ currentTime: snapshot.currentTime, bufferedTime: snapshot.bufferedTime })
    this.updatePositionState()
  }

  // ---- Media Session ----------------------------------------------------------------------------

  private mediaSessionBound = false

  private updateMediaSession(): void {
    const ms = browserMediaSession()
    if (!ms) return
    if (!this.mediaSessionBound) {
      this.mediaSessionBound = true
      bindMediaSessionActions(ms, {
        play: () => this.engine.play(),
        pause: () => this.engine.pause(),
        seekBackward: (offset) =>
          offset ? this.seek(Math.max(0, this.engine.getCurrentTime() - offset)) : this.jumpBackward(),
        seekForward: (offset) =>
          offset
            ? this.seek(Math.min(this.engine.getDuration(), this.engine.getCurrentTime() + offset))
            : this.jumpForward(),
        seekTo: (time) => this.seek(time),
        previousChapter: () => this.previousChapter(),
        nextChapter: () => this.next(),
      })
    }
    const session = usePlayerStore.getState().session
    const api = this.api
    const coverUrl = api
      ? (size: number) =>
          api.url(fillPath(itemRoutes.cover.path, { id: session?.libraryItemId ?? '' }), {
            width: size,
            height: size,
            format: 'jpeg',
            ts: session?.libraryItem?.updatedAt,
          })
      : null
    showNowPlaying(
      ms,
      session ? nowPlayingMetadata(session, coverUrl) : null,
      this.engine.getState() === 'PLAYING',
    )
    this.updatePositionState()
  }

  private updatePositionState(): void {
    const ms = browserMediaSession()
    if (!ms) return
    showPosition(ms, {
      duration: this.engine.getDuration(),
      currentTime: this.engine.getCurrentTime(),
      rate: useUserSettings.getState().settings.playbackRate,
    })
  }
}

export { installPlayerController } from './player-instance.ts'

/** The app's one player, made on first use (tests may install their own with a fake backend). */
export function playerController(): PlayerController {
  const loaded = loadedPlayerController()
  if (loaded) return loaded
  const controller = new PlayerController()
  // The app bar may have connected Cast before anything played.
  controller.attachCast(sharedCastConnection())
  installPlayerController(controller)
  return controller
}
