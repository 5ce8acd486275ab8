import { limits } from '@shelfcast/contracts/client'

/** Spec §7/§9: a sync every 10 s listened (20 s for the first), 9 s timeout; close timeout 6 s. */
export const SYNC_INTERVAL_SEC = 10
export const FIRST_SYNC_INTERVAL_SEC = 20
export const SYNC_TIMEOUT_MS = limits.syncTimeoutMs
export const CLOSE_TIMEOUT_MS = limits.closeTimeoutMs
/** Close carries listening data only if more than this many seconds were listened since the last sync. */
export const CLOSE_MIN_LISTENED_SEC = limits.closeMinimumListenedSec
export const FAILED_SYNCS_BEFORE_TOAST = limits.failedSyncToastAfter

export interface SyncBody {
  currentTime: number
  timeListened: number
  duration: number
}

export interface SyncTransport {
  sync(sessionId: string, body: SyncBody, timeoutMs: number): Promise<unknown>
  close(sessionId: string, body: SyncBody | undefined, timeoutMs: number): Promise<unknown>
}

export interface ProgressSyncOptions {
  transport: SyncTransport
  /** Fourth failure in a row (and each after it until one succeeds). */
  onSyncFailing: () => void
  /** A sync succeeded after failures. */
  onSyncRecovered: () => void
}

/**
 * Listening-time bookkeeping for one session. `tick()` is called once a second while playing; a sync is
 * sent after 20 s listened, then every 10 s, unless the position moved less than 1 s since the last sync.
 */
export class ProgressSync {
  private sessionId: string | null = null
  private listenedSinceSync = 0
  private syncedOnce = false
  private lastSyncedTime: number | null = null
  private failures = 0
  private inFlight = false

  private readonly options: ProgressSyncOptions

  constructor(options: ProgressSyncOptions) {
    this.options = options
  }

  start(sessionId: string, currentTime: number): void {
    this.sessionId = sessionId
    this.listenedSinceSync = 0
    this.syncedOnce = false
    this.lastSyncedTime = currentTime
    this.failures = 0
  }

  get activeSessionId(): string | null {
    return this.sessionId
  }

  get consecutiveFailures(): number {
    return this.failures
  }

  /** One second (or `seconds`) of listening at `currentTime`. Resolves when a triggered sync settles. */
  async tick(currentTime: number, duration: number, seconds = 1): Promise<void> {
    if (!this.sessionId) return
    this.listenedSinceSync += seconds
    const due = this.syncedOnce ? SYNC_INTERVAL_SEC : FIRST_SYNC_INTERVAL_SEC
    if (this.listenedSinceSync >= due) await this.sync(currentTime, duration)
  }

  /** Sends a sync now (also used when the media finishes). Skipped if the position moved under 1 s. */
  async sync(currentTime: number, duration: number): Promise<void> {
    const sessionId = this.sessionId
    if (!sessionId || this.inFlight) return
    if (this.lastSyncedTime !== null && Math.abs(currentTime - this.lastSyncedTime) < 1) return
    const timeListened = this.listenedSinceSync
    this.inFlight = true
    try {
      await this.options.transport.sync(sessionId, { currentTime, timeListened, duration }, SYNC_TIMEOUT_MS)
      if (this.sessionId !== sessionId) return
      this.listenedSinceSync = Math.max(0, this.listenedSinceSync - timeListened)
      this.syncedOnce = true
      this.lastSyncedTime = currentTime
      if (this.failures >= FAILED_SYNCS_BEFORE_TOAST) this.options.onSyncRecovered()
      this.failures = 0
    } catch (error) {
      console.error('[player] progress sync failed', error)
      if (this.sessionId !== sessionId) return
      this.failures++
      if (this.failures >= FAILED_SYNCS_BEFORE_TOAST) this.options.onSyncFailing()
    } finally {
      this.inFlight = false
    }
  }

  /** Closes the session; listening data is sent only if more than 20 s were listened since the last sync. */
  async close(currentTime: number, duration: number): Promise<void> {
    const sessionId = this.sessionId
    if (!sessionId) return
    const body =
      this.listenedSinceSync > CLOSE_MIN_LISTENED_SEC
        ? { currentTime, timeListened: this.listenedSinceSync, duration }
        : undefined
    this.sessionId = null
    this.listenedSinceSync = 0
    try {
      await this.options.transport.close(sessionId, body, CLOSE_TIMEOUT_MS)
    } catch (error) {
      console.error('[player] closing the session failed', error)
    }
  }
}
