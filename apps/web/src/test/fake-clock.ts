import { act, configure, getConfig } from '@testing-library/react'
import { onTestFinished, vi } from 'vitest'

// Captured before any test fakes the timers: React renders an update made outside act (after an awaited promise)
// on a real macrotask, and a fake clock never gives it one.
const realSetImmediate = setImmediate
const realTurn = () => new Promise<void>((resolve) => realSetImmediate(resolve))

/**
 * Fake timers for a component test of a timed widget (a debounce, a "Copied" label, a toast): time moves only
 * when the test says so, so a slow machine can never fire a debounce between two keystrokes nor end a label
 * before the test looks at it. Testing Library steps the clock inside its waits (waitFor, findBy, the
 * user-event wrapper) the way it does under Jest, through a `jest` global that lives only as long as the test,
 * and each of its steps also yields one real turn so React can render. Call it before rendering; the real
 * timers come back when the test ends.
 */
export function useFakeClock() {
  const { asyncWrapper, unstable_advanceTimersWrapper: advanceWrapper } = getConfig()
  vi.useFakeTimers()
  const scope = globalThis as { jest?: unknown }
  scope.jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) }
  configure({
    asyncWrapper: async (cb) => {
      const result: unknown = await asyncWrapper(cb)
      await realTurn()
      return result
    },
    unstable_advanceTimersWrapper: async (cb) => {
      const result: unknown = await advanceWrapper(cb)
      await realTurn()
      return result
    },
  })
  onTestFinished(() => {
    configure({ asyncWrapper, unstable_advanceTimersWrapper: advanceWrapper })
    delete scope.jest
    vi.useRealTimers()
  })
  return {
    /** Moves the clock on by `ms`, running the timers that fall due (inside act, as React wants). */
    advance: (ms: number) => act(() => void vi.advanceTimersByTime(ms)),
  }
}

/** For user-event's `advanceTimers`: its pauses between keys step a fake clock, and cost nothing on a real one. */
export function advanceFakeTimers(ms: number) {
  if (vi.isFakeTimers()) vi.advanceTimersByTime(ms)
}
