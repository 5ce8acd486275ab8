import { formatTimeUnit } from '@/lib/format.ts'
import { sleepTimerDisplay } from '../model/player-rules.ts'

const units = { seconds: 'second', minutes: 'minute', hours: 'hour' } as const

/** The countdown as the bar and the sleep modal show it ("30 sec", "5 min", "1.5 hr"), in the UI language. */
export function sleepCountdownText(remaining: number): string {
  const { value, unit } = sleepTimerDisplay(remaining)
  return formatTimeUnit(value, units[unit])
}
