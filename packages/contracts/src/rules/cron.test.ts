import { describe, expect, it } from 'vitest'
import { cronProblem, normaliseCron } from './cron.ts'

describe('cronProblem', () => {
  it('accepts the 5-field syntax node-cron and croner share: values, ranges, steps, lists, names', () => {
    for (const ok of [
      '* * * * *',
      '0 */12 * * *',
      '*/15 * * * *',
      '30 4 * * 1,3,5',
      '0 9-17/2 * * mon-fri',
      '0 0 1 jan,JUL *',
      '0 0 * * 7',
      '5,10-20/5 0 1-31 1-12 0-7',
      '0 0 29 2 *',
      '0 0 31 2 1',
    ]) {
      expect(cronProblem(ok), ok).toBeNull()
    }
  })

  it('refuses other field counts', () => {
    expect(cronProblem('* * * * * *')).toBe('fields')
    expect(cronProblem('* * * *')).toBe('fields')
    expect(cronProblem('')).toBe('fields')
  })

  it('refuses values out of range, reversed ranges, bad steps and the syntax only one scheduler knows', () => {
    for (const bad of [
      '60 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '* * 32 * *',
      '* * * 13 *',
      '* * * * 8',
      '5-1 * * * *',
      '*/0 * * * *',
      '*/61 * * * *',
      '5/15 * * * *',
      '1-2-3 * * * *',
      '* * ? * *',
      '* * L * *',
      '* * * * 1#2',
      '* * * * monday',
      '0 0 * * $(reboot)',
      ', * * * *',
      '1,,2 * * * *',
    ]) {
      expect(cronProblem(bad), bad).toBe('invalid')
    }
  })

  it('refuses days that never come (February 30th, April 31st) unless a weekday is given as well', () => {
    expect(cronProblem('0 0 31 2 *')).toBe('never')
    expect(cronProblem('0 0 30,31 2 *')).toBe('never')
    expect(cronProblem('0 0 31 4,6,9,11 *')).toBe('never')
    expect(cronProblem('0 0 31 4,5 *')).toBeNull()
  })

  it('normalises spacing', () => {
    expect(normaliseCron('  0   3 *\t* 1 ')).toBe('0 3 * * 1')
  })
})
