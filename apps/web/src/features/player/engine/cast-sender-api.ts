/**
 * The slice of the Google Cast Web Sender SDK (cast.framework.* and chrome.cast.*) the player uses, typed
 * structurally so the cast code takes it as a parameter and tests hand in a fake.
 */
export interface CastSenderApi {
  framework: CastFrameworkNamespace
  chromeCast: ChromeCastNamespace
}

export interface CastFrameworkNamespace {
  CastContext: { getInstance(): CastContextLike }
  RemotePlayer: new () => RemotePlayerLike
  RemotePlayerController: new (player: RemotePlayerLike) => RemotePlayerControllerLike
  CastContextEventType: { SESSION_STATE_CHANGED: string }
  SessionState: { SESSION_STARTED: string; SESSION_RESUMED: string; SESSION_ENDED: string }
  RemotePlayerEventType: { ANY_CHANGE: string }
}

export interface ChromeCastNamespace {
  AutoJoinPolicy: { ORIGIN_SCOPED: string }
  media: {
    DEFAULT_MEDIA_RECEIVER_APP_ID: string
    StreamType: { BUFFERED: string }
    MediaInfo: new (contentId: string, contentType: string) => CastMediaInfo
    GenericMediaMetadata: new () => CastMediaMetadata
    QueueItem: new (media: CastMediaInfo) => CastQueueItem
    QueueData: new (
      id?: string,
      name?: string,
      description?: string,
      repeatMode?: string,
      items?: CastQueueItem[],
      startIndex?: number,
      startTime?: number,
    ) => CastQueueData
    LoadRequest: new (media: CastMediaInfo) => CastLoadRequest
  }
}

export interface SessionStateEvent {
  sessionState: string
}

export interface CastContextLike {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void
  addEventListener(type: string, handler: (event: SessionStateEvent) => void): void
  removeEventListener(type: string, handler: (event: SessionStateEvent) => void): void
  getCurrentSession(): CastSessionLike | null
}

export interface CastSessionLike {
  /** Resolves on success; rejects with a chrome.cast.ErrorCode. */
  loadMedia(request: CastLoadRequest): Promise<unknown>
  getMediaSession(): CastMediaSessionLike | null
  sendMessage(namespace: string, message: object): Promise<unknown>
}

export interface CastMediaSessionLike {
  mediaSessionId: number
  /** FINISHED, CANCELLED, INTERRUPTED or ERROR once the player went IDLE. */
  idleReason: string | null
}

/** cast.framework.RemotePlayer: the receiver's state, kept current by its controller. */
export interface RemotePlayerLike {
  isConnected: boolean
  isMediaLoaded: boolean
  isPaused: boolean
  isMuted: boolean
  currentTime: number
  volumeLevel: number
  /** chrome.cast.media.PlayerState: IDLE, PLAYING, PAUSED, BUFFERING. */
  playerState: string | null
  mediaInfo: CastMediaInfo | null
}

export interface RemotePlayerChange {
  field: string
  value: unknown
}

export interface RemotePlayerControllerLike {
  addEventListener(type: string, handler: (event: RemotePlayerChange) => void): void
  removeEventListener(type: string, handler: (event: RemotePlayerChange) => void): void
  playOrPause(): void
  /** Seeks to the player's currentTime. */
  seek(): void
  stop(): void
  /** Applies the player's volumeLevel. */
  setVolumeLevel(): void
  muteOrUnmute(): void
}

export interface CastMediaInfo {
  contentId: string
  contentType: string
  streamType?: string
  duration?: number | null
  metadata?: CastMediaMetadata | null
}

export interface CastMediaMetadata {
  title?: string
  subtitle?: string
}

export interface CastQueueItem {
  media: CastMediaInfo
}

export interface CastQueueData {
  items?: CastQueueItem[]
  startIndex?: number
}

export interface CastLoadRequest {
  media: CastMediaInfo
  autoplay?: boolean | null
  /** Seconds into the first item played. */
  currentTime?: number | null
  queueData?: CastQueueData
}

/** The receiver's media namespace, for the one command RemotePlayerController lacks (rate). */
export const CAST_MEDIA_NAMESPACE = 'urn:x-cast:com.google.cast.media'
