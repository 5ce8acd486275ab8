import type { ServerSettings } from '@shelfcast/contracts'

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

function ordinal(day: number, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase()
  if (language === 'de') return `${day}.`
  if (language === 'fr') return day === 1 ? '1er' : String(day)
  const tens = day % 100
  if (tens >= 11 && tens <= 13) return `${day}th`
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`
}

/**
 * Formats an epoch-ms date with one of the server's date formats (date-fns tokens: yyyy, MMMM, MMM, MM,
 * dd, do), month names in `locale`.
 */
export function formatDate(epochMs: number, format: DateFormat, locale = 'en-US'): string {
  const date = new Date(epochMs)
  if (Number.isNaN(date.getTime())) return ''
  const month = (style: 'long' | 'short') => new Intl.DateTimeFormat(locale, { month: style }).format(date)
  const tokens: Record<string, () => string> = {
    yyyy: () => String(date.getFullYear()),
    MMMM: () => month('long'),
    MMM: () => month('short'),
    MM: () => String(date.getMonth() + 1).padStart(2, '0'),
    dd: () => String(date.getDate()).padStart(2, '0'),
    do: () => ordinal(date.getDate(), locale),
  }
  return format.replace(/yyyy|MMMM|MMM|MM|dd|do/g, (token) => tokens[token]?.() ?? token)
}

/** Formats the time of an epoch-ms date as `HH:mm` or `h:mma` (the server's time formats). */
export function formatTime(epochMs: number, format: TimeFormat): string {
  const date = new Date(epochMs)
  if (Number.isNaN(date.getTime())) return ''
  const minutes = String(date.getMinutes()).padStart(2, '0')
  if (format === 'HH:mm') return `${String(date.getHours()).padStart(2, '0')}:${minutes}`
  const hours12 = date.getHours() % 12 || 12
  return `${hours12}:${minutes}${date.getHours() < 12 ? 'am' : 'pm'}`
}

/**
 * Date and time of an epoch-ms instant in the server's formats ("2026-01-10 14:05"); the browser's own
 * format while the server settings are not known.
 */
export function formatDateTime(
  epochMs: number,
  formats: Pick<ServerSettings, 'dateFormat' | 'timeFormat'> | null | undefined,
  locale = 'en-US',
): string {
  if (!formats) return new Date(epochMs).toLocaleString(locale)
  return `${formatDate(epochMs, formats.dateFormat, locale)} ${formatTime(epochMs, formats.timeFormat)}`
}
