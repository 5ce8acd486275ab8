import { format as dateFnsFormat } from 'date-fns'
import { de } from 'date-fns/locale/de'
import { fr } from 'date-fns/locale/fr'
import { he } from 'date-fns/locale/he'
import { ru } from 'date-fns/locale/ru'
import { zhCN } from 'date-fns/locale/zh-CN'
import { afterEach, describe, expect, it } from 'vitest'
import { dateLocale, setDateLocale } from './i18n/date-locale.ts'
import {
  durationParts,
  formatDate,
  formatDateTime,
  formatTime,
  jumpAmountParts,
  secondsToTimestamp,
} from './time-format.ts'

afterEach(async () => {
  await setDateLocale('en-us')
})

describe('time formatting', () => {
  it('writes timestamps with hours only when needed', () => {
    expect(secondsToTimestamp(0)).toBe('0:00')
    expect(secondsToTimestamp(65.9)).toBe('1:05')
    expect(secondsToTimestamp(3725)).toBe('1:02:05')
    expect(secondsToTimestamp(65, { alwaysHours: true })).toBe('0:01:05')
    expect(secondsToTimestamp(Number.NaN)).toBe('0:00')
    expect(secondsToTimestamp(-4)).toBe('0:00')
  })

  it('splits durations', () => {
    expect(durationParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 })
  })

  it('reads jump amounts in seconds up to 60 and minutes above', () => {
    expect(jumpAmountParts(30)).toEqual({ value: 30, unit: 'seconds' })
    expect(jumpAmountParts(60)).toEqual({ value: 60, unit: 'seconds' })
    expect(jumpAmountParts(300)).toEqual({ value: 5, unit: 'minutes' })
  })

  it('formats dates with the server formats (en-us: Intl names, English ordinals)', () => {
    const date = new Date(2024, 2, 3, 14, 7).getTime()
    expect(formatDate(date, 'MM/dd/yyyy')).toBe('03/03/2024')
    expect(formatDate(date, 'dd.MM.yyyy')).toBe('03.03.2024')
    expect(formatDate(date, 'yyyy-MM-dd')).toBe('2024-03-03')
    expect(formatDate(date, 'MMM do, yyyy')).toBe('Mar 3rd, 2024')
    expect(formatDate(date, 'dd MMMM yyyy', 'de-DE')).toBe('03 März 2024')
    expect(formatTime(date, 'HH:mm')).toBe('14:07')
    expect(formatTime(date, 'h:mma')).toBe('2:07PM')
    expect(formatTime(new Date(2024, 2, 3, 0, 5).getTime(), 'h:mma')).toBe('12:05AM')
  })

  it("writes the server's date formats as date-fns does with the language's locale", () => {
    const date = new Date(2026, 0, 1, 14, 5).getTime()
    expect(formatDate(date, 'MMMM do, yyyy', 'de-DE', de)).toBe('Januar 1., 2026')
    expect(formatDate(date, 'MMMM do, yyyy', 'ru-RU', ru)).toBe('января 1-е, 2026')
    // French writes an ordinal for the 1st only beside a month name, as date-fns does.
    expect(formatDate(date, 'MMMM do, yyyy', 'fr-FR', fr)).toBe('janvier 1er, 2026')
    expect(formatDate(new Date(2026, 7, 29).getTime(), 'MMMM do, yyyy', 'fr-FR', fr)).toBe('août 29, 2026')
    // Every server format and both time formats, in four scripts, on the 1st and a later day, morning and
    // afternoon: the same text as date-fns's own format.
    const formats = [
      'MM/dd/yyyy',
      'dd/MM/yyyy',
      'dd.MM.yyyy',
      'yyyy-MM-dd',
      'MMM do, yyyy',
      'MMMM do, yyyy',
      'dd MMM yyyy',
      'dd MMMM yyyy',
    ] as const
    for (const [intl, locale] of [
      ['de-DE', de],
      ['fr-FR', fr],
      ['ru-RU', ru],
      ['zh-CN', zhCN],
      ['he-IL', he],
    ] as const) {
      for (const day of [date, new Date(2026, 10, 22, 9, 30).getTime()]) {
        for (const f of formats)
          expect(formatDate(day, f, intl, locale)).toBe(dateFnsFormat(day, f, { locale }))
        expect(formatTime(day, 'h:mma', intl, locale)).toBe(dateFnsFormat(day, 'h:mma', { locale }))
      }
    }
  })

  it('takes names from the loaded date-fns locale after a language change, and Intl without one', async () => {
    const date = new Date(2026, 0, 1, 14, 5).getTime()
    await setDateLocale('de')
    expect(dateLocale()).toBe('de-DE')
    expect(formatDate(date, 'MMMM do, yyyy')).toBe('Januar 1., 2026')
    expect(formatDateTime(date, { dateFormat: 'dd MMMM yyyy', timeFormat: 'h:mma' })).toBe(
      `01 Januar 2026 2:05${de.localize.dayPeriod('pm', { width: 'abbreviated', context: 'formatting' })}`,
    )
    await setDateLocale('ru')
    expect(formatDate(date, 'MMMM do, yyyy')).toBe('января 1-е, 2026')
    // Another locale than the current one gets Intl's names.
    expect(formatDate(date, 'dd MMMM yyyy', 'ru-RU', null)).toBe(
      `01 ${new Intl.DateTimeFormat('ru-RU', { month: 'long' }).format(date)} 2026`,
    )
    await setDateLocale('en-us')
    expect(formatDate(date, 'MMMM do, yyyy')).toBe('January 1st, 2026')
  })
})
