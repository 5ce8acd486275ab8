import type { TFunction } from 'i18next'
import { durationParts } from '@/lib/time-format.ts'

type Translate = TFunction

/** "12 hr 5 min", "5 min", "42 sec": durations of books and episodes as lists show them. */
export function durationLabel(seconds: number, t: Translate): string {
  const { hours, minutes, seconds: secs } = durationParts(seconds)
  if (hours > 0) return t('LabelDurationHoursMinutes', { hours, minutes })
  if (minutes > 0) return t('LabelDurationMinutes', { minutes })
  return t('LabelDurationSeconds', { seconds: secs })
}
