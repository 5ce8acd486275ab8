import type { Locale } from 'date-fns'
// Durations in words split with time-format.ts's parts, and it reads the current locale from here: each
// needs the other, so the bundler keeps both in one first-load chunk.
import { durationParts } from './time-format.ts'

/**
 * The locale dates and numbers are formatted in, as plain state: the formatters read it without pulling the
 * language list or the loading code (date-locale.ts sets it on each language change).
 */
let intlLocale = 'en-US'
/** The language's date-fns locale (month names, ordinals, am/pm); null for en-us or when it failed to load. */
let names: Locale | null = null

export function applyDateLocale(nextIntlLocale: string, nextNames: Locale | null): void {
  intlLocale = nextIntlLocale
  names = nextNames
}

/** The Intl locale of the current language ('de-DE'). */
export function dateLocale(): string {
  return intlLocale
}

/** The current language's date-fns locale, if loaded. */
export function dateFnsLocale(): Locale | null {
  return names
}

/** Intl's byte units by power of 1024: byte, kilobyte ... petabyte. */
const bytePrefixes = ['', 'kilo', 'mega', 'giga', 'tera', 'peta']

/**
 * Bytes in the largest unit that keeps the number at or above 1 (1024-based, as file managers show), with
 * the unit in `locale`'s own words ("12,5 Mo" in French).
 */
export function formatBytes(bytes: number, locale: string = dateLocale()): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  let unit = 0
  while (value >= 1024 && unit < bytePrefixes.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: `${bytePrefixes[unit]}byte`,
    maximumFractionDigits: digits,
  }).format(value)
}

/** A count or amount in `locale` ("1.234" in German). */
export function formatNumber(value: number, locale: string = dateLocale()): string {
  return new Intl.NumberFormat(locale).format(value)
}

/** A fraction (0..1) as a whole percentage in `locale` ("50 %" in French). */
export function formatPercent(fraction: number, locale: string = dateLocale()): string {
  // Whole percentages: Intl's default for the percent style.
  return new Intl.NumberFormat(locale, { style: 'percent' }).format(fraction)
}

export type UnitStyle = 'long' | 'short' | 'narrow'
type TimeUnit = 'hour' | 'minute' | 'second'

/** "5 min", "1.5 hr", "90 minutes" ('long'): one amount of one time unit, in `locale`'s own words. */
export function formatTimeUnit(
  value: number,
  unit: TimeUnit,
  style?: UnitStyle, // Intl's default: 'short'
  locale: string = dateLocale(),
): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: style,
    maximumFractionDigits: 1,
  }).format(value)
}

type DurationFormatConstructor = new (locale: string) => {
  format(duration: { hours: number; minutes: number }): string
}

/**
 * "12 hr, 5 min", "5 min", "42 sec": a duration in short words in `locale` (durations of books, episodes and
 * listening): hours and minutes, minutes alone under an hour, seconds under a minute. Intl.DurationFormat
 * writes it where the runtime has it, else Intl's unit amounts joined as a unit list (the same text).
 */
export function formatDuration(totalSeconds: number, locale: string = dateLocale()): string {
  const { hours, minutes, seconds } = durationParts(totalSeconds)
  const unit = (value: number, name: TimeUnit) => formatTimeUnit(value, name, 'short', locale)
  if (!hours) return minutes ? unit(minutes, 'minute') : unit(seconds, 'second')
  if (!minutes) return unit(hours, 'hour')
  // TypeScript's ES2023 lib does not declare Intl.DurationFormat yet.
  const DurationFormat = (Intl as { DurationFormat?: DurationFormatConstructor }).DurationFormat
  return DurationFormat
    ? new DurationFormat(locale).format({ hours, minutes }) // style 'short' by default
    : new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format([
        unit(hours, 'hour'),
        unit(minutes, 'minute'),
      ])
}
