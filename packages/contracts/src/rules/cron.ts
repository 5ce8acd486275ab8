/*
 * The one cron rule (spec §5: 5 fields), used by the contract schemas every saved schedule passes through,
 * by POST /api/validate-cron, by the server's schedulers and by the client's schedule editors.
 *
 * Fields: minute (0-59), hour (0-23), day of month (1-31), month (1-12 or jan-dec), day of week (0-7,
 * 0 and 7 Sunday, or sun-sat). Each field is a comma list of `*`, a value or a range `a-b`, where `*` and
 * ranges may take a step `/n`. That is the syntax Audiobookshelf's node-cron and our croner both read
 * alike; the extensions only one of them knows (`?`, `L`, `#`, `W`, full names, seconds) are refused, so
 * an expression that passes here runs the same on either server. An expression whose days can never
 * happen (`0 0 31 2 *`: February 31st) is refused too: the scheduler would accept it and never run it.
 */

import { messages } from './messages.ts'

export type CronProblem = 'fields' | 'invalid' | 'never'

/** What the server answers (400) for each problem. */
export const cronMessages: Record<CronProblem, string> = {
  fields: messages.cronFields,
  invalid: messages.cronInvalid,
  never: messages.cronNeverRuns,
}

interface FieldSpec {
  min: number
  max: number
  /** Three-letter names for the values from `namesFrom` on. */
  names?: readonly string[]
  namesFrom?: number
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

const MINUTE: FieldSpec = { min: 0, max: 59 }
const HOUR: FieldSpec = { min: 0, max: 23 }
const DAY_OF_MONTH: FieldSpec = { min: 1, max: 31 }
const MONTH: FieldSpec = { min: 1, max: 12, names: monthNames, namesFrom: 1 }
const DAY_OF_WEEK: FieldSpec = { min: 0, max: 7, names: dayNames, namesFrom: 0 }
const fieldSpecs = [MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK] as const

/** The longest day of each month (February in a leap year). */
const monthLength = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** An expression as stored: trimmed, fields separated by one space. */
export function normaliseCron(expression: string): string {
  return expression.trim().split(/\s+/).join(' ')
}

function value(text: string, spec: FieldSpec): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text)
    return n >= spec.min && n <= spec.max ? n : null
  }
  const index = spec.names?.indexOf(text.toLowerCase()) ?? -1
  return index === -1 ? null : index + (spec.namesFrom ?? 0)
}

/** The values a field selects, or null when it is not valid. */
function fieldValues(field: string, spec: FieldSpec): Set<number> | null {
  const selected = new Set<number>()
  for (const part of field.split(',')) {
    const [range, step, ...rest] = part.split('/')
    if (rest.length > 0 || range === undefined) return null
    let every = 1
    if (step !== undefined) {
      if (!/^\d{1,2}$/.test(step)) return null
      every = Number(step)
      if (every < 1 || every > spec.max - spec.min + 1) return null
    }
    let from: number | null
    let to: number | null
    if (range === '*') {
      from = spec.min
      to = spec.max
    } else {
      const bounds = range.split('-')
      // A step needs a range to walk (`5/15` means different things to node-cron and croner).
      if (bounds.length > 2 || (bounds.length === 1 && step !== undefined)) return null
      from = value(bounds[0] ?? '', spec)
      to = bounds.length === 2 ? value(bounds[1] ?? '', spec) : from
      if (from === null || to === null || from > to) return null
    }
    for (let v = from; v <= to; v += every) selected.add(v)
  }
  return selected
}

/** Why an expression cannot be a schedule, or null when it can (the caller handles "no schedule"). */
export function cronProblem(expression: string): CronProblem | null {
  const fields = normaliseCron(expression).split(' ')
  if (fields.length !== 5) return 'fields'
  const values = fields.map((field, i) => fieldValues(field, fieldSpecs[i]!))
  if (values.some((v) => v === null)) return 'invalid'
  // With a day of week given as well, either day field may match (cron's rule), so some day always does.
  if (fields[4] !== '*' || fields[2] === '*') return null
  const days = [...values[2]!]
  const months = [...values[3]!]
  return months.some((m) => days.some((d) => d <= monthLength[m - 1]!)) ? null : 'never'
}
