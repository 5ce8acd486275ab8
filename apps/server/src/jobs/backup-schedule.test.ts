import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BackupSchedule } from './backup-schedule.ts'

describe('BackupSchedule', () => {
  let schedule: BackupSchedule | null = null
  afterEach(() => {
    schedule?.close()
    vi.useRealTimers()
  })

  it('follows the setting: a cron expression schedules, false stops, a bad one is ignored', () => {
    schedule = new BackupSchedule({ run: async () => undefined, log: pino({ level: 'silent' }) })
    expect(schedule.nextRun()).toBeNull()
    schedule.sync('30 1 * * *')
    const next = schedule.nextRun()
    expect(next?.getMinutes()).toBe(30)
    expect(next?.getHours()).toBe(1)
    schedule.sync(false)
    expect(schedule.nextRun()).toBeNull()
    schedule.sync('not a cron')
    expect(schedule.nextRun()).toBeNull()
  })

  it('runs the backup when the time comes', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 1, 1, 29, 59, 500) })
    const run = vi.fn(async () => undefined)
    schedule = new BackupSchedule({ run, log: pino({ level: 'silent' }) })
    schedule.sync('30 1 * * *')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
