import type { Locale } from 'date-fns'

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

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const

/**
 * Bytes in the largest unit that keeps the number at or above 1 (1024-based, as file managers show), with
 * the unit in `locale`'s own words ("12,5 Mo" in French).
 */
export function formatBytes(bytes: number, locale: string = dateLocale()): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  let unit = 0
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: byteUnits[unit],
    maximumFractionDigits: digits,
  }).format(value)
}

/** A count or amount in `locale` ("1.234" in German). */
export function formatNumber(value: number, locale: string = dateLocale()): string {
  return new Intl.NumberFormat(locale).format(value)
}

/** A fraction (0..1) as a whole percentage in `locale` ("50 %" in French, "٪" where the script has it). */
export function formatPercent(fraction: number, locale: string = dateLocale()): string {
  const value = Number.isFinite(fraction) ? fraction : 0
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value)
}
