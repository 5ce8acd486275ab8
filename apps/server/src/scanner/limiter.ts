/** Runs at most `max` async jobs at once; the rest wait in order. */
export function createLimiter(max: number) {
  let active = 0
  const waiting: Array<() => void> = []
  const release = () => {
    // A finished job hands its slot straight to the next waiter, so newcomers cannot jump the queue.
    const next = waiting.shift()
    if (next) next()
    else active--
  }
  return async function limit<T>(job: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    else active++
    try {
      return await job()
    } finally {
      release()
    }
  }
}

export type Limiter = ReturnType<typeof createLimiter>

/** Rejects after `ms` (the work itself cannot be aborted, but the caller moves on). */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
