import { Cron } from 'croner'
import { cronProblem } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'

/** Whether croner (the server's scheduler) takes the expression and would ever run it. */
function croneRuns(expression: string): boolean {
  try {
    const job = new Cron(expression, { paused: true })
    const next = job.nextRun()
    job.stop()
    return next !== null
  } catch {
    return false
  }
}

describe('the one cron rule and the scheduler', () => {
  it('every expression the rule accepts, croner schedules and runs', () => {
    const accepted = [
      '* * * * *',
      '*/15 * * * *',
      '0 */12 * * *',
      '30 4 * * 1,3,5',
      '0 9-17/2 * * mon-fri',
      '0 0 1 jan,JUL *',
      '0 0 * * 7',
      '0 0 * * 5-7',
      '0 0 * * SUN',
      '5,10-20/5 0 1-31 1-12 0-7',
      '0 0 29 2 *',
      '0 0 31 2 1',
      '59 23 31 12 *',
      '0 0 */31 * *',
      '* * * * */7',
    ]
    for (const expression of accepted) {
      expect(cronProblem(expression), expression).toBeNull()
      expect(croneRuns(expression), expression).toBe(true)
    }
  })

  it('what croner refuses or would never run, the rule refuses (so no API client can save it)', () => {
    const refusedByCroner = [
      '61 * * * *',
      '* 24 * * *',
      '* * 32 * *',
      '* * * 13 *',
      'nonsense',
      '5-1 * * * *',
    ]
    const neverRun = ['0 0 31 2 *', '0 0 30 2 *', '0 0 31 4,6,9,11 *']
    for (const expression of [...refusedByCroner, ...neverRun]) {
      expect(croneRuns(expression), expression).toBe(false)
      expect(cronProblem(expression), expression).not.toBeNull()
    }
  })
})
