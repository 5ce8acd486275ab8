import { describe, expect, it } from 'vitest'
import { CronExpression, LibrarySettingsInput } from './entities/library.ts'

describe('CronExpression', () => {
  it('accepts 5-field expressions and null or empty for none', () => {
    expect(CronExpression.parse('0 */2 * * *')).toBe('0 */2 * * *')
    expect(CronExpression.parse(' 30 4 * * 1,3,5 ')).toBe('30 4 * * 1,3,5')
    expect(CronExpression.parse(null)).toBeNull()
    expect(CronExpression.parse('')).toBeNull()
  })

  it('refuses other field counts and stray characters with the spec message', () => {
    const six = CronExpression.safeParse('* * * * * *')
    expect(six.success).toBe(false)
    expect(six.error?.issues[0]?.message).toBe('Invalid cron expression: it needs 5 fields')
    expect(CronExpression.safeParse('* * * *').success).toBe(false)
    expect(CronExpression.safeParse('0 0 * * $(reboot)').success).toBe(false)
  })

  it('is what library settings input uses', () => {
    expect(LibrarySettingsInput.safeParse({ autoScanCronExpression: '* * * * * *' }).success).toBe(false)
    expect(LibrarySettingsInput.safeParse({ autoScanCronExpression: '0 * * * *' }).success).toBe(true)
  })
})
