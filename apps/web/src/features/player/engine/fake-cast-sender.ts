import type {
  CastContextLike,
  CastLoadRequest,
  CastMediaInfo,
  CastSenderApi,
  CastSessionLike,
  RemotePlayerChange,
  RemotePlayerLike,
  SessionStateEvent,
} from './cast-sender-api.ts'

const ANY_CHANGE = 'anyChanged'
const SESSION_STATE_CHANGED = 'sessionstatechanged'

/**
 * A scripted Cast sender SDK and receiver for tests: the same event model as cast.framework (a context
 * announcing session states, remote players kept current through their controllers' ANY_CHANGE events),
 * with no network. Tests drive the receiver with `advance`, `nextItem`, `finish` and the session calls.
 */
export class FakeCastSender {
  readonly loads: CastLoadRequest[] = []
  readonly messages: { namespace: string; message: object }[] = []
  readonly commands: string[] = []
  options: { receiverApplicationId: string; autoJoinPolicy: string } | null = null
  /** Reject the next loadMedia with this error code. */
  failNextLoad: string | null = null
  idleReason: string | null = null
  private session: CastSessionLike | null = null
  private players = new Set<RemotePlayerLike>()
  private changeListeners = new Set<(event: RemotePlayerChange) => void>()
  private sessionListeners = new Set<(event: SessionStateEvent) => void>()
  private queue: CastMediaInfo[] = []
  private queueIndex = 0

  readonly api: CastSenderApi
  readonly context: CastContextLike

  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fake SDK classes report to this receiver
    const fake = this
    this.context = {
      setOptions: (options) => {
        this.options = options
      },
      addEventListener: (_type, handler) => this.sessionListeners.add(handler),
      removeEventListener: (_type, handler) => this.sessionListeners.delete(handler),
      getCurrentSession: () => this.session,
    }
    class RemotePlayer implements RemotePlayerLike {
      isConnected = fake.session !== null
      isMediaLoaded = false
      isPaused = true
      isMuted = false
      currentTime = 0
      volumeLevel = 1
      playerState: string | null = null
      mediaInfo: CastMediaInfo | null = null
      constructor() {
        fake.players.add(this)
      }
    }
    class RemotePlayerController {
      private player: RemotePlayerLike
      constructor(player: RemotePlayerLike) {
        this.player = player
      }
      addEventListener(_type: string, handler: (event: RemotePlayerChange) => void) {
        fake.changeListeners.add(handler)
      }
      removeEventListener(_type: string, handler: (event: RemotePlayerChange) => void) {
        fake.changeListeners.delete(handler)
      }
      playOrPause() {
        fake.commands.push('playOrPause')
        fake.setPlayerState(fake.anyPlayer()?.isPaused ? 'PLAYING' : 'PAUSED')
      }
      seek() {
        fake.commands.push(`seek ${this.player.currentTime}`)
        fake.set('currentTime', this.player.currentTime)
      }
      stop() {
        fake.commands.push('stop')
        fake.set('isMediaLoaded', false)
      }
      setVolumeLevel() {
        fake.commands.push(`volume ${this.player.volumeLevel}`)
      }
      muteOrUnmute() {
        fake.commands.push('muteOrUnmute')
        fake.set('isMuted', !this.player.isMuted)
      }
    }
    class MediaInfo implements CastMediaInfo {
      contentId: string
      contentType: string
      streamType?: string
      duration?: number | null
      metadata?: CastMediaInfo['metadata']
      constructor(contentId: string, contentType: string) {
        this.contentId = contentId
        this.contentType = contentType
      }
    }
    class LoadRequest implements CastLoadRequest {
      media: CastMediaInfo
      autoplay: boolean | null = true
      currentTime: number | null = null
      queueData?: CastLoadRequest['queueData']
      constructor(media: CastMediaInfo) {
        this.media = media
      }
    }
    this.api = {
      framework: {
        CastContext: { getInstance: () => this.context },
        RemotePlayer,
        RemotePlayerController,
        CastContextEventType: { SESSION_STATE_CHANGED },
        SessionState: {
          SESSION_STARTED: 'SESSION_STARTED',
          SESSION_RESUMED: 'SESSION_RESUMED',
          SESSION_ENDED: 'SESSION_ENDED',
        },
        RemotePlayerEventType: { ANY_CHANGE },
      },
      chromeCast: {
        AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' },
        media: {
          DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
          StreamType: { BUFFERED: 'BUFFERED' },
          MediaInfo,
          GenericMediaMetadata: class {
            title?: string
            subtitle?: string
          },
          QueueItem: class {
            media: CastMediaInfo
            constructor(media: CastMediaInfo) {
              this.media = media
            }
          },
          QueueData: class {
            items?: { media: CastMediaInfo }[]
            startIndex?: number
            constructor(
              _id?: string,
              _name?: string,
              _description?: string,
              _repeatMode?: string,
              items?: { media: CastMediaInfo }[],
              startIndex?: number,
            ) {
              this.items = items
              this.startIndex = startIndex
            }
          },
          LoadRequest,
        },
      },
    }
  }

  /** A receiver connects (the user picked a device). */
  startSession(state: 'SESSION_STARTED' | 'SESSION_RESUMED' = 'SESSION_STARTED'): void {
    this.session = {
      loadMedia: (request) => this.loadMedia(request),
      getMediaSession: () =>
        this.queue.length > 0 ? { mediaSessionId: 7, idleReason: this.idleReason } : null,
      sendMessage: (namespace, message) => {
        this.messages.push({ namespace, message })
        return Promise.resolve()
      },
    }
    this.set('isConnected', true)
    this.announce(state)
  }

  endSession(): void {
    this.session = null
    this.queue = []
    this.set('isConnected', false)
    this.set('isMediaLoaded', false)
    this.announce('SESSION_ENDED')
  }

  /** The receiver plays on: its time within the current item moves. */
  advance(seconds: number): void {
    this.set('currentTime', (this.anyPlayer()?.currentTime ?? 0) + seconds)
  }

  /** The receiver reaches the next queue item. */
  nextItem(): void {
    this.queueIndex++
    this.set('mediaInfo', this.queue[this.queueIndex] ?? null)
    this.set('currentTime', 0)
  }

  /** The receiver finished the last item. */
  finish(): void {
    this.idleReason = 'FINISHED'
    this.setPlayerState('IDLE')
  }

  private loadMedia(request: CastLoadRequest): Promise<unknown> {
    this.loads.push(request)
    if (this.failNextLoad) {
      const code = this.failNextLoad
      this.failNextLoad = null
      return Promise.reject(code)
    }
    this.queue = request.queueData?.items?.map((item) => item.media) ?? [request.media]
    this.queueIndex = request.queueData?.startIndex ?? 0
    this.idleReason = null
    this.set('isMediaLoaded', true)
    this.set('mediaInfo', request.media)
    this.set('currentTime', request.currentTime ?? 0)
    this.setPlayerState(request.autoplay ? 'PLAYING' : 'PAUSED')
    return Promise.resolve()
  }

  private setPlayerState(state: string): void {
    this.set('isPaused', state !== 'PLAYING')
    this.set('playerState', state)
  }

  private anyPlayer(): RemotePlayerLike | undefined {
    return [...this.players][0]
  }

  private set<K extends keyof RemotePlayerLike>(field: K, value: RemotePlayerLike[K]): void {
    for (const player of this.players) player[field] = value
    for (const listener of [...this.changeListeners]) listener({ field, value })
  }

  private announce(sessionState: string): void {
    for (const listener of [...this.sessionListeners]) listener({ sessionState })
  }
}
