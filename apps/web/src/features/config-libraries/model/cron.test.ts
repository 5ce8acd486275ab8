import { cronProblem } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  cronPresets,
  parseCron,
  parseTimeValue,
  scheduleToCron,
  validateCron,
  validateSchedule,
} from './cron.ts'

describe('cron presets', () => {
  it('are the spec intervals as 5-field expressions', () => {
    expect(cronPresets.map((p) => p.expression)).toEqual([
      '0 */12 * * *',
      '0 */6 * * *',
      '0 */2 * * *',
      '0 * * * *',
      '*/30 * * * *',
      '*/15 * * * *',
      '* * * * *',
    ])
    for (const preset of cronPresets) {
      expect(validateCron(preset.expression)).toBeNull()
      expect(parseCron(preset.expression)).toEqual({ kind: 'preset', expression: preset.expression })
    }
  })
})

describe('custom schedules', () => {
  it('daily at a time is "minute hour * * *"', () => {
    expect(scheduleToCron({ kind: 'daily', hour: 2, minute: 30 })).toBe('30 2 * * *')
    expect(parseCron('30 2 * * *')).toEqual({ kind: 'daily', hour: 2, minute: 30 })
  })

  it('weekly lists the weekdays in cron order, Sunday 0', () => {
    const expression = scheduleToCron({ kind: 'weekly', hour: 23, minute: 5, weekdays: [5, 1, 0, 1] })
    expect(expression).toBe('5 23 * * 0,1,5')
    expect(validateCron(expression)).toBeNull()
    expect(parseCron(expression)).toEqual({ kind: 'weekly', hour: 23, minute: 5, weekdays: [0, 1, 5] })
  })

  it('every weekday ticked is daily; Sunday written as 7 reads as 0', () => {
    expect(scheduleToCron({ kind: 'weekly', hour: 1, minute: 0, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      '0 1 * * *',
    )
    expect(parseCron('0 1 * * 7,6')).toEqual({ kind: 'weekly', hour: 1, minute: 0, weekdays: [0, 6] })
    expect(parseCron('0 1 * * 0,1,2,3,4,5,6')).toEqual({ kind: 'daily', hour: 1, minute: 0 })
  })

  it('weekly with no weekday cannot be saved', () => {
    expect(validateSchedule({ kind: 'weekly', hour: 1, minute: 0, weekdays: [] })).toBe('weekdays')
  })

  it('anything else is kept as custom text, whitespace tidied', () => {
    expect(parseCron('  15  4 1 * *  ')).toEqual({ kind: 'custom', expression: '15 4 1 * *' })
    expect(parseCron('0 25 * * *')).toEqual({ kind: 'custom', expression: '0 25 * * *' })
  })
})

describe('validateCron', () => {
  it('needs exactly 5 fields', () => {
    expect(validateCron('* * * *')).toBe('fields')
    expect(validateCron('0 * * * * *')).toBe('fields')
    expect(validateCron('')).toBe('fields')
  })

  it('checks each field: ranges, steps, lists and names', () => {
    expect(validateCron('0-30/5 1,13 1-15 jan-jun mon-fri')).toBeNull()
    expect(validateCron('60 * * * *')).toBe('invalid')
    expect(validateCron('* 24 * * *')).toBe('invalid')
    expect(validateCron('* * 0 * *')).toBe('invalid')
    expect(validateCron('* * * 13 *')).toBe('invalid')
    expect(validateCron('*/0 * * * *')).toBe('invalid')
    expect(validateCron('5-1 * * * *')).toBe('invalid')
    expect(validateCron('a * * * *')).toBe('invalid')
    expect(validateCron('@daily * * * *')).toBe('invalid')
  })

  it('refuses what the server refuses, with the same reason: it is the contracts rule', () => {
    for (const expression of ['0 0 31 2 *', '5/15 * * * *', '* * ? * *', '0 0 * * 1', '* * * *']) {
      expect(validateCron(expression), expression).toBe(cronProblem(expression))
    }
    expect(validateCron('0 0 31 2 *')).toBe('never')
  })
})

describe('parseTimeValue', () => {
  it('reads HH:mm and refuses anything else', () => {
    expect(parseTimeValue('07:45')).toEqual({ hour: 7, minute: 45 })
    expect(parseTimeValue('24:00')).toBeNull()
    expect(parseTimeValue('')).toBeNull()
  })
})
