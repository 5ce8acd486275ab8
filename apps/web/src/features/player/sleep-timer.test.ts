import { afterEach, describe, expect, it } from 'vitest'
import { usePlayerStore } from './player-store.ts'
import { decrementSleepTimer, incrementSleepTimer } from './sleep-timer.ts'

const timer = () => usePlayerStore.getState().sleepTimer

afterEach(() => usePlayerStore.setState(usePlayerStore.getInitialState(), true))

describe('sleep timer steps', () => {
  it('increment adds; a decrement under the step leaves 3 s', () => {
    usePlayerStore.setState({ sleepTimer: { type: 'countdown', remaining: 100 } })
    incrementSleepTimer(60)
    expect(timer()).toEqual({ type: 'countdown', remaining: 160 })
    decrementSleepTimer(60)
    expect(timer()).toEqual({ type: 'countdown', remaining: 100 })
    decrementSleepTimer(300)
    expect(timer()).toEqual({ type: 'countdown', remaining: 3 })
  })

  it('leaves an end-of-chapter timer and no timer alone', () => {
    usePlayerStore.setState({ sleepTimer: { type: 'chapter' } })
    decrementSleepTimer(60)
    incrementSleepTimer(60)
    expect(timer()).toEqual({ type: 'chapter' })
    usePlayerStore.setState({ sleepTimer: null })
    incrementSleepTimer(60)
    expect(timer()).toBeNull()
  })
})
