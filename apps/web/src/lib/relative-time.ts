import { dateLocale } from './format.ts'

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
]

/** "5 minutes ago", "in 3 days", "now": the largest whole unit between `epochMs` and `now`, in `locale`. */
export function formatRelativeTime(epochMs: number, now: number, locale: string = dateLocale()): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const diff = epochMs - now
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit)
  }
  return format.format(0, 'second')
}
