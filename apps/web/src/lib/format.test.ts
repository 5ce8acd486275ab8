import { afterEach, describe, expect, it } from 'vitest'
import { formatBytes, formatNumber, formatPercent } from './format.ts'
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
    expect(formatPercent(Number.NaN, 'en-US')).toBe('0%')
    await setDateLocale('de')
    expect(formatPercent(1)).toBe('100\u00a0%')
  })
})
