import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { PodcastSchedule, scheduleProblem } from './podcast-schedule.ts'

describe('podcast schedules', () => {
  it('accepts 5-field expressions that fire at most once a minute', () => {
    expect(scheduleProblem('* * * * *')).toBeNull()
    expect(scheduleProblem('0 */6 * * *')).toBeNull()
    expect(scheduleProblem('*/5 * * * * *')).toMatch(/5 fields/)
    expect(scheduleProblem('61 * * * *')).not.toBeNull()
    expect(scheduleProblem('nonsense')).not.toBeNull()
  })

  it('plans one job per podcast, replaces it on change and ignores bad expressions', () => {
    const lines: string[] = []
    const log = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) })
    const schedule = new PodcastSchedule({ run: async () => undefined, log })
    schedule.set('a', '0 * * * *')
    schedule.set('b', 'every second please')
    expect(schedule.planned()).toEqual(['a'])
    expect(lines.join('')).toMatch(/podcast schedule ignored/)
    const first = schedule.nextRun('a')
    schedule.set('a', '30 * * * *')
    expect(schedule.nextRun('a')?.getUTCMinutes()).toBe(30)
    expect(first?.getUTCMinutes()).toBe(0)
    schedule.set('a', null)
    expect(schedule.planned()).toEqual([])
    schedule.close()
  })

  it('runs the podcast’s check when its job fires', async () => {
    const runs: string[] = []
    const schedule = new PodcastSchedule({
      run: async (id) => void runs.push(id),
      log: pino({ level: 'silent' }),
    })
    schedule.set('a', '* * * * *')
    expect(await schedule.trigger('a')).toBe(true)
    expect(await schedule.trigger('b')).toBe(false)
    expect(runs).toEqual(['a'])
    schedule.close()
  })
})
