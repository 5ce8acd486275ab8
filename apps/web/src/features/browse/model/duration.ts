import { formatDuration } from '@/lib/format.ts'

/** "12 hr, 5 min", "5 min", "42 sec": durations of books and episodes as lists show them, in the UI language. */
export function durationLabel(seconds: number): string {
  return formatDuration(seconds)
}
