import type { AudioBackend } from './audio-backend.ts'
import { createCastBackend } from './cast-backend.ts'
import type {
  CastContextLike,
  CastFrameworkNamespace,
  CastSenderApi,
  ChromeCastNamespace,
  SessionStateEvent,
} from './cast-sender-api.ts'

export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1'

/** Spec §9 cast codecs (opus, mp3, aac, flac, webma, wav) as the MIME types the server compares. */
export const CAST_MIME_TYPES = [
  'audio/ogg',
  'audio/mpeg',
  'audio/aac',
  'audio/flac',
  'audio/webm',
  'audio/wav',
]

/** What the loader needs of a window: where the SDK announces itself and how to add its script. */
export interface CastHostWindow {
  isSecureContext: boolean
  location: { protocol: string }
  document: {
    createElement(tag: 'script'): { src: string; async: boolean; onerror: unknown }
    head: { append(node: never): void }
  }
  __onGCastApiAvailable?: (available: boolean) => void
  cast?: { framework?: CastFrameworkNamespace }
  chrome?: { cast?: ChromeCastNamespace }
}

/**
 * Whether this browser could cast at all: the Cast SDK runs in Chromium browsers only, which define
 * `window.chrome`. Elsewhere the app bar shows no cast button, not even the insecure-page warning.
 */
export function castCapableBrowser(win: Pick<CastHostWindow, 'chrome'>): boolean {
  return win.chrome !== undefined
}

/** The sender SDK only works on a secure page; elsewhere the launcher explains why casting is off. */
export function castAllowed(win: Pick<CastHostWindow, 'isSecureContext' | 'location'>): boolean {
  return win.isSecureContext && win.location.protocol === 'https:'
}

/** Loads the Cast sender SDK once; null where casting is not allowed or the browser has no Cast. */
export function loadCastSender(win: CastHostWindow): Promise<CastSenderApi | null> {
  if (!castAllowed(win)) return Promise.resolve(null)
  return new Promise((resolve) => {
    win.__onGCastApiAvailable = (available) => {
      const framework = win.cast?.framework
      const chromeCast = win.chrome?.cast
      resolve(available && framework && chromeCast ? { framework, chromeCast } : null)
    }
    const script = win.document.createElement('script')
    script.src = CAST_SENDER_URL
    script.async = true
    script.onerror = () => resolve(null)
    win.document.head.append(script as never)
  })
}

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
