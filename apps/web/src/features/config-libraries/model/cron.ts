import type { CronProblem } from '@shelfcast/contracts'
import { cronProblem, normaliseCron } from '@shelfcast/contracts/client'

/**
 * The library auto-scan schedule (settings.autoScanCronExpression): the spec's preset intervals, a custom
 * daily or weekly time, or any 5-field cron expression typed by hand (spec §5: cron needs 5 fields).
 */

export interface CronPreset {
  expression: string
  labelKey: string
}

/** Spec §9: every 12 h, 6 h, 2 h, hour, 30 min, 15 min, minute. */
export const cronPresets: readonly CronPreset[] = [
  { expression: '0 */12 * * *', labelKey: 'LabelIntervalEvery12Hours' },
  { expression: '0 */6 * * *', labelKey: 'LabelIntervalEvery6Hours' },
  { expression: '0 */2 * * *', labelKey: 'LabelIntervalEvery2Hours' },
  { expression: '0 * * * *', labelKey: 'LabelIntervalEveryHour' },
  { expression: '*/30 * * * *', labelKey: 'LabelIntervalEvery30Minutes' },
  { expression: '*/15 * * * *', labelKey: 'LabelIntervalEvery15Minutes' },
  { expression: '* * * * *', labelKey: 'LabelIntervalEveryMinute' },
]

/** Weekdays as cron numbers, Sunday 0 to Saturday 6. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6
export const weekdays: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0]

export type Schedule =
  | { kind: 'preset'; expression: string }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; hour: number; minute: number; weekdays: Weekday[] }
  | { kind: 'custom'; expression: string }

export type CronError = CronProblem | 'weekdays'

/** The 5-field expression a schedule stands for. */
export function scheduleToCron(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'preset':
    case 'custom':
      return normaliseCron(schedule.expression)
    case 'daily':
      return `${schedule.minute} ${schedule.hour} * * *`
    case 'weekly': {
      const days = [...new Set(schedule.weekdays)].sort((a, b) => a - b)
      const dayField = days.length === 0 || days.length === 7 ? '*' : days.join(',')
      return `${schedule.minute} ${schedule.hour} * * ${dayField}`
    }
  }
}

const inRange = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max

/** Reads an expression back into the builder: a preset, a daily or weekly time, or custom text. */
export function parseCron(expression: string): Schedule {
  const text = normaliseCron(expression)
  const preset = cronPresets.find((p) => p.expression === text)
  if (preset) return { kind: 'preset', expression: preset.expression }

  const match = /^(\d{1,2}) (\d{1,2}) \* \* (\*|[0-7](?:,[0-7])*)$/.exec(text)
  if (match) {
    const minute = Number(match[1])
    const hour = Number(match[2])
    if (inRange(minute, 0, 59) && inRange(hour, 0, 23)) {
      if (match[3] === '*') return { kind: 'daily', hour, minute }
      const days = [...new Set(match[3]!.split(',').map((d) => (Number(d) % 7) as Weekday))].sort(
        (a, b) => a - b,
      )
      if (days.length === 7) return { kind: 'daily', hour, minute }
      return { kind: 'weekly', hour, minute, weekdays: days }
    }
  }
  return { kind: 'custom', expression: text }
}

/** Why an expression cannot be a schedule, or null when it can: the server's own rule (contracts). */
export function validateCron(expression: string): CronError | null {
  return cronProblem(expression)
}

/** Why a builder state cannot be saved, or null. */
export function validateSchedule(schedule: Schedule): CronError | null {
  if (schedule.kind === 'weekly' && schedule.weekdays.length === 0) return 'weekdays'
  return validateCron(scheduleToCron(schedule))
}

/** en-us keys of the messages for each error. */
export const cronErrorKeys: Record<CronError, string> = {
  fields: 'MessageCronFiveFields',
  invalid: 'MessageCronInvalid',
  never: 'MessageCronNeverRuns',
  weekdays: 'MessageCronSelectWeekday',
}

/** `HH:mm` for a time input. */
export function timeValue(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

/** Reads a time input's `HH:mm`; null when incomplete. */
export function parseTimeValue(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value)
  if (!match) return null
  const hour = Number(match[1])
  const minute = Number(match[2])
  return inRange(hour, 0, 23) && inRange(minute, 0, 59) ? { hour, minute } : null
}
