import type { TFunction } from 'i18next'
import { sleepTimerDisplay } from '../model/player-rules.ts'

/** The countdown as the bar and the sleep modal show it (each unit's string has its own placeholder). */
export function sleepCountdownText(t: TFunction, remaining: number): string {
  const { value, unit } = sleepTimerDisplay(remaining)
  if (unit === 'seconds') return t('LabelDurationSeconds', { seconds: value })
  if (unit === 'minutes') return t('LabelDurationMinutes', { minutes: value })
  return t('LabelDurationHours', { value })
}
