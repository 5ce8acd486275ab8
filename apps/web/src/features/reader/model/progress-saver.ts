/** What one save sends: PATCH /api/me/progress/:itemId's ebook fields. */
export interface EbookProgressUpdate {
  ebookLocation: string
  ebookProgress: number
  /** Only when the end of an ebook-only item is reached. */
  isFinished?: true
}

export interface ProgressSaverOptions {
  save(update: EbookProgressUpdate): Promise<unknown>
  /** Quiet time after the last page turn before saving. */
  delayMs: number
  /** True for an item without audio: reaching the end marks it finished (audio keeps its own finish rule). */
  finishAtEnd: boolean
}

/** From this fraction on a book counts as read to the end (a body's last page may report just under 1). */
const END_FRACTION = 0.995

/**
 * Saves the reading position, debounced: page turns in quick succession send one request, with the last
 * position. `flush` sends what is pending at once (on close, on leaving the page). An unchanged position is
 * not sent again; a failed save keeps the position pending for the next turn or flush.
 */
export function createProgressSaver(options: ProgressSaverOptions) {
  let pending: EbookProgressUpdate | null = null
  let lastSent: string | null = null
  let finishedSent = false
  let timer: ReturnType<typeof setTimeout> | null = null

  const send = async (): Promise<void> => {
    if (timer) clearTimeout(timer)
    timer = null
    const update = pending
    if (!update) return
    pending = null
    try {
      await options.save(update)
      lastSent = update.ebookLocation
      if (update.isFinished) finishedSent = true
    } catch (error) {
      pending ??= update
      throw error
    }
  }

  return {
    /** The body settled on a new position. */
    relocate(location: string, fraction: number, atEnd = false): void {
      const ebookProgress = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0))
      const reachedEnd = atEnd || ebookProgress >= END_FRACTION
      if (location === lastSent && !(reachedEnd && options.finishAtEnd && !finishedSent)) return
      pending = {
        ebookLocation: location,
        ebookProgress: reachedEnd ? 1 : ebookProgress,
        ...(reachedEnd && options.finishAtEnd && !finishedSent ? { isFinished: true as const } : {}),
      }
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void send().catch(() => undefined), options.delayMs)
    },
    /** Sends the pending position now. */
    flush: send,
    /** Drops the timer (the pending position is kept for a later flush). */
    dispose(): void {
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
