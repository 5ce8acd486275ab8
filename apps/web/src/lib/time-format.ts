import type { ServerSettings } from '@shelfcast/contracts'
import type { Locale, Month } from 'date-fns'
import { dateFnsLocale, dateLocale } from './format.ts'

/** `H:MM:SS` (or `M:SS` under an hour); negative and invalid inputs count as 0. */
export function secondsToTimestamp(totalSeconds: number, { alwaysHours = false } = {}): string {
  const secs = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
  const hours = Math.floor(secs / 3600)
  const minutes = Math.floor((secs % 3600) / 60)
  const seconds = secs % 60
  const mm = String(minutes).padStart(hours > 0 || alwaysHours ? 2 : 1, '0')
  const ss = String(seconds).padStart(2, '0')
  return hours > 0 || alwaysHours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`
}

export interface DurationParts {
  hours: number
  minutes: number
  seconds: number
}

export function durationParts(totalSeconds: number): DurationParts {
  const secs = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.round(totalSeconds) : 0
  return { hours: Math.floor(secs / 3600), minutes: Math.floor((secs % 3600) / 60), seconds: secs % 60 }
}

/** Jump amounts read in seconds up to 60 and in minutes above (spec §2 jump tooltips). */
export function jumpAmountParts(seconds: number): { value: number; unit: 'seconds' | 'minutes' } {
  return seconds <= 60
    ? { value: seconds, unit: 'seconds' }
    : { value: Math.round(seconds / 60), unit: 'minutes' }
}

type DateFormat = ServerSettings['dateFormat']
type TimeFormat = ServerSettings['timeFormat']

/** Names come from the current language's date-fns locale when formatting in it, else from Intl. */
const namesFor = (locale: string): Locale | null => (locale === dateLocale() ? dateFnsLocale() : null)

/** Without a date-fns locale (en-us; a failed load is rare): English ordinals, "1st" ... "11th" ... "22nd". */
function englishOrdinal(day: number): string {
  const tens = day % 100
  return `${day}${tens > 10 && tens < 14 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th')}`
}

/**
 * Formats an epoch-ms date with one of the server's date formats (date-fns tokens: yyyy, MMMM, MMM, MM,
 * dd, do) in `locale` (the current language by default): month names and ordinals from its date-fns
 * locale when given (as date-fns's `format` would write them), else month names from Intl and English
 * ordinals.
 */
export function formatDate(
  epochMs: number,
  format: DateFormat,
  locale: string = dateLocale(),
  names: Locale | null = namesFor(locale),
): string {
  const date = new Date(epochMs)
  if (Number.isNaN(date.getTime())) return ''
  const month = (width: 'wide' | 'abbreviated') =>
    names?.localize.month(date.getMonth() as Month, { width, context: 'formatting' }) ??
    date.toLocaleString(locale, { month: width === 'wide' ? 'long' : 'short' })
  const tokens: Record<string, () => string> = {
    yyyy: () => String(date.getFullYear()),
    MMMM: () => month('wide'),
    MMM: () => month('abbreviated'),
    MM: () => String(date.getMonth() + 1).padStart(2, '0'),
    dd: () => String(date.getDate()).padStart(2, '0'),
    d: () => String(date.getDate()),
    do: () =>
      names?.localize.ordinalNumber(date.getDate(), { unit: 'date' }) ?? englishOrdinal(date.getDate()),
  }
  // Tokens at odd places (each one of `tokens`). A locale may rewrite them as date-fns's format lets it
  // (French: "29 août", not "29e").
  const parts = format.split(/(yyyy|MMMM|MMM|MM|dd|do)/).map((value, i) => ({ isToken: i % 2 > 0, value }))
  return (names?.localize.preprocessor?.(date, parts) ?? parts)
    .map((part) => (part.isToken ? tokens[part.value]!() : part.value))
    .join('')
}

/**
 * Formats the time of an epoch-ms date as `HH:mm` or `h:mma` (the server's time formats); the day period
 * (am/pm) in `locale`, from its date-fns locale when given, else from Intl.
 */
export function formatTime(
  epochMs: number,
  format: TimeFormat,
  locale: string = dateLocale(),
  names: Locale | null = namesFor(locale),
): string {
  const date = new Date(epochMs)
  if (Number.isNaN(date.getTime())) return ''
  const minutes = String(date.getMinutes()).padStart(2, '0')
  if (format === 'HH:mm') return `${String(date.getHours()).padStart(2, '0')}:${minutes}`
  const hours12 = date.getHours() % 12 || 12
  const period =
    names?.localize.dayPeriod(date.getHours() < 12 ? 'am' : 'pm', {
      width: 'abbreviated',
      context: 'formatting',
    }) ??
    new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true })
      .formatToParts(date)
      .find((p) => p.type === 'dayPeriod')?.value
  return `${hours12}:${minutes}${period}`
}

/**
 * Date and time of an epoch-ms instant in the server's formats ("2026-01-10 14:05"); the browser's own
 * format while the server settings are not known.
 */
export function formatDateTime(
  epochMs: number,
  formats: Pick<ServerSettings, 'dateFormat' | 'timeFormat'> | null | undefined,
  locale: string = dateLocale(),
): string {
  if (!formats) return new Date(epochMs).toLocaleString(locale)
  return `${formatDate(epochMs, formats.dateFormat, locale)} ${formatTime(epochMs, formats.timeFormat, locale)}`
}
