import { Cron } from 'croner'
import type { Logger } from 'pino'

/**
 * The backup schedule (server setting backupSchedule: a 5-field cron expression or false), one croner job.
 * An overrun is skipped (protect), never stacked; a bad expression is logged and ignored.
 */
export class BackupSchedule {
  private job: { expression: string; cron: Cron } | null = null
  private readonly run: () => Promise<void>
  private readonly log: Logger
  constructor(deps: { run: () => Promise<void>; log: Logger }) {
    this.run = deps.run
    this.log = deps.log
  }

  sync(schedule: string | false) {
    const expression = typeof schedule === 'string' ? schedule.trim() : ''
    if (this.job?.expression === expression) return
    this.close()
    if (!expression) return
    try {
      this.job = { expression, cron: new Cron(expression, { protect: true, catch: true }, () => this.run()) }
    } catch (err) {
      this.log.warn({ expression, err: (err as Error).message }, 'invalid backup schedule ignored')
    }
  }

  nextRun(): Date | null {
    return this.job?.cron.nextRun() ?? null
  }

  close() {
    this.job?.cron.stop()
    this.job = null
  }
}
