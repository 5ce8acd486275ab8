import { afterEach, describe, expect, it } from 'vitest'
import { formatBytes, formatDuration, formatNumber, formatPercent, formatTimeUnit } from './format.ts'
import { setDateLocale } from './i18n/date-locale.ts'

const MiB = 1024 * 1024
const intlUnit = (locale: string, value: number, unit: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 2 }).format(value)

afterEach(async () => {
  await setDateLocale('en-us')
})

describe('formatBytes', () => {
  it('picks the unit that keeps the number readable', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 byte')
    expect(formatBytes(512, 'en-US')).toBe('512 byte')
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB')
    expect(formatBytes(25 * MiB, 'en-US')).toBe('25 MB')
    expect(formatBytes(3.25 * 1024 ** 3, 'en-US')).toBe('3.25 GB')
    expect(formatBytes(150 * 1024 ** 4, 'en-US')).toBe('150 TB')
    expect(formatBytes(2 * 1024 ** 5, 'en-US')).toBe('2 PB')
    expect(formatBytes(Number.NaN, 'en-US')).toBe('0 byte')
  })

  it("writes the unit in the language's own words", () => {
    // French: a decimal comma and "Mo", a narrow no-break space between.
    expect(formatBytes(12.5 * MiB, 'fr-FR')).toBe('12,5\u202fMo')
    expect(formatBytes(12.5 * MiB, 'de-DE')).toBe(intlUnit('de-DE', 12.5, 'megabyte'))
    expect(formatBytes(12.5 * MiB, 'ru-RU')).toBe(intlUnit('ru-RU', 12.5, 'megabyte'))
    expect(formatBytes(12.5 * MiB, 'ru-RU')).toMatch(/^12,5\sМБ$/)
    expect(formatBytes(3 * 1024 ** 3, 'zh-CN')).toBe(intlUnit('zh-CN', 3, 'gigabyte'))
    expect(formatBytes(1536, 'he-IL')).toBe(intlUnit('he-IL', 1.5, 'kilobyte'))
  })

  it('follows the current language without a locale', async () => {
    await setDateLocale('fr')
    expect(formatBytes(12.5 * MiB)).toBe('12,5\u202fMo')
  })
})

describe('numbers and percentages', () => {
  it('groups counts as the language does', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567')
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567')
    expect(formatNumber(1234567, 'ru-RU')).toBe(new Intl.NumberFormat('ru-RU').format(1234567))
  })

  it('writes whole percentages as the language does', async () => {
    expect(formatPercent(0.5, 'en-US')).toBe('50%')
    expect(formatPercent(0.424, 'fr-FR')).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.42),
    )
    expect(formatPercent(0.424, 'fr-FR')).toMatch(/^42\s%$/)
    expect(formatPercent(0.5, 'de-DE')).toBe('50\u00a0%')
    expect(formatPercent(0.5, 'zh-CN')).toBe('50%')
    expect(formatPercent(0.5, 'he-IL')).toBe(new Intl.NumberFormat('he-IL', { style: 'percent' }).format(0.5))
    await setDateLocale('de')
    expect(formatPercent(1)).toBe('100\u00a0%')
  })
})

describe('durations in words', () => {
  const intlDuration = (locale: string, hours: number, minutes: number) =>
    new (
      Intl as unknown as { DurationFormat: new (l: string, o: object) => { format(d: object): string } }
    ).DurationFormat(locale, { style: 'short' }).format({ hours, minutes })
  const unit = (locale: string, value: number, name: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value)

  it('writes hours and minutes, minutes alone, or seconds, in the language', () => {
    expect(formatDuration(12 * 3600 + 5 * 60, 'en-US')).toBe('12 hr, 5 min')
    expect(formatDuration(10 * 3600, 'en-US')).toBe('10 hr')
    expect(formatDuration(300, 'en-US')).toBe('5 min')
    expect(formatDuration(42, 'en-US')).toBe('42 sec')
    expect(formatDuration(0, 'en-US')).toBe('0 sec')
    const german = formatDuration(12 * 3600 + 5 * 60, 'de-DE')
    expect(german).toBe(intlDuration('de-DE', 12, 5))
    expect(german).toMatch(/^12 Std\., 5 Min\.$/)
    const chinese = formatDuration(12 * 3600 + 5 * 60, 'zh-CN')
    expect(chinese).toBe(intlDuration('zh-CN', 12, 5))
    expect(chinese).toContain('小时')
    expect(formatDuration(300, 'zh-CN')).toBe(unit('zh-CN', 5, 'minute'))
    expect(formatDuration(3600, 'ru-RU')).toBe(unit('ru-RU', 1, 'hour'))
  })

  it('writes the same text from unit amounts where the runtime lacks Intl.DurationFormat', () => {
    const withDurationFormat = ['de-DE', 'zh-CN', 'fr-FR', 'ru-RU', 'he-IL'].map((locale) =>
      formatDuration(2 * 3600 + 5 * 60, locale),
    )
    const saved = Object.getOwnPropertyDescriptor(Intl, 'DurationFormat')
    Reflect.deleteProperty(Intl, 'DurationFormat')
    try {
      const withoutIt = ['de-DE', 'zh-CN', 'fr-FR', 'ru-RU', 'he-IL'].map((locale) =>
        formatDuration(2 * 3600 + 5 * 60, locale),
      )
      expect(withoutIt).toEqual(withDurationFormat)
    } finally {
      if (saved) Object.defineProperty(Intl, 'DurationFormat', saved)
    }
  })

  it('writes one unit amount short or long, following the current language', async () => {
    expect(formatTimeUnit(90, 'minute', 'long')).toBe('90 minutes')
    expect(formatTimeUnit(1.5, 'hour')).toBe('1.5 hr')
    await setDateLocale('de')
    expect(formatTimeUnit(90, 'minute', 'long')).toBe('90 Minuten')
    expect(formatTimeUnit(1.5, 'hour', 'long')).toBe('1,5 Stunden')
  })
})
