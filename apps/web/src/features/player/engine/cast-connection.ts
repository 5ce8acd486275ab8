import type { AudioBackend } from './audio-backend.ts'
import { createCastBackend } from './cast-backend.ts'
import type { CastContextLike, CastSenderApi, SessionStateEvent } from './cast-sender-api.ts'

/** The app's Cast context: whether a receiver is connected, and backends that play on it. */
export class CastConnection {
  private readonly api: CastSenderApi
  private readonly context: CastContextLike
  private connected: boolean
  private listeners = new Set<(connected: boolean) => void>()

  constructor(api: CastSenderApi) {
    this.api = api
    this.context = api.framework.CastContext.getInstance()
    this.context.setOptions({
      receiverApplicationId: api.chromeCast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
      autoJoinPolicy: api.chromeCast.AutoJoinPolicy.ORIGIN_SCOPED,
    })
    this.connected = this.context.getCurrentSession() !== null
    this.context.addEventListener(api.framework.CastContextEventType.SESSION_STATE_CHANGED, (event) =>
      this.onSessionState(event),
    )
  }

  isConnected(): boolean {
    return this.connected
  }

  /** Called with the new state whenever a session starts, resumes or ends. */
  subscribe(listener: (connected: boolean) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  createBackend(title?: () => string): AudioBackend {
    return createCastBackend({ api: this.api, context: this.context, title })
  }

  private onSessionState({ sessionState }: SessionStateEvent): void {
    const states = this.api.framework.SessionState
    let connected = this.connected
    if (sessionState === states.SESSION_STARTED || sessionState === states.SESSION_RESUMED) connected = true
    else if (sessionState === states.SESSION_ENDED) connected = false
    if (connected === this.connected) return
    this.connected = connected
    for (const listener of [...this.listeners]) listener(connected)
  }
}
