import { decreaseSleepTimer, increaseSleepTimer } from './model/player-rules.ts'
import { usePlayerStore } from './player-store.ts'

/** Adds to a running countdown (nothing else to add to). */
export function incrementSleepTimer(seconds: number): void {
  const timer = usePlayerStore.getState().sleepTimer
  if (timer?.type !== 'countdown') return
  usePlayerStore.setState({
    sleepTimer: { type: 'countdown', remaining: increaseSleepTimer(timer.remaining, seconds) },
  })
}

/** Steps a running countdown down; a step past zero leaves 3 s (spec §4). */
export function decrementSleepTimer(seconds: number): void {
  const timer = usePlayerStore.getState().sleepTimer
  if (timer?.type !== 'countdown') return
  usePlayerStore.setState({
    sleepTimer: { type: 'countdown', remaining: decreaseSleepTimer(timer.remaining, seconds) },
  })
}
