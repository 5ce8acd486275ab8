import { describe, expect, it } from 'vitest'
import { durationParts, formatDate, formatTime, jumpAmountParts, secondsToTimestamp } from './time-format.ts'

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

  it('formats dates with the server formats', () => {
    const date = new Date(2024, 2, 3, 14, 7).getTime()
    expect(formatDate(date, 'MM/dd/yyyy')).toBe('03/03/2024')
    expect(formatDate(date, 'dd.MM.yyyy')).toBe('03.03.2024')
    expect(formatDate(date, 'yyyy-MM-dd')).toBe('2024-03-03')
    expect(formatDate(date, 'MMM do, yyyy')).toBe('Mar 3rd, 2024')
    expect(formatDate(date, 'dd MMMM yyyy', 'de-DE')).toBe('03 März 2024')
    expect(formatTime(date, 'HH:mm')).toBe('14:07')
    expect(formatTime(date, 'h:mma')).toBe('2:07pm')
  })
})
