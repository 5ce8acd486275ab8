import { Cron } from 'croner'
import type { Library } from '@shelfcast/contracts'
import type { Logger } from 'pino'

/**
 * Scheduled library scans (library settings.autoScanCronExpression), one croner job per library.
 * A bad expression is logged and ignored; an overrun is skipped (protect), never stacked.
 */
export class ScanSchedule {
  private readonly jobs = new Map<string, { expression: string; cron: Cron }>()
  private readonly startScan: (libraryId: string) => Promise<unknown>
  private readonly log: Logger
  constructor(deps: { startScan: (libraryId: string) => Promise<unknown>; log: Logger }) {
    this.startScan = deps.startScan
    this.log = deps.log
  }

  sync(libraries: readonly Library[]) {
    const wanted = new Map<string, string>()
    for (const lib of libraries) {
      const expr = lib.settings.autoScanCronExpression?.trim()
      if (expr) wanted.set(lib.id, expr)
    }
    for (const [id, job] of this.jobs) {
      if (wanted.get(id) !== job.expression) {
        job.cron.stop()
        this.jobs.delete(id)
      }
    }
    for (const [id, expression] of wanted) {
      if (this.jobs.has(id)) continue
      try {
        const cron = new Cron(expression, { protect: true, catch: true }, async () => {
          await this.startScan(id).catch((err: unknown) =>
            this.log.warn({ err, libraryId: id }, 'scheduled scan failed'),
          )
        })
        this.jobs.set(id, { expression, cron })
      } catch (err) {
        this.log.warn(
          { libraryId: id, expression, err: err instanceof Error ? err.message : String(err) },
          'invalid scan schedule ignored',
        )
      }
    }
  }

  nextRun(libraryId: string): Date | null {
    return this.jobs.get(libraryId)?.cron.nextRun() ?? null
  }

  close() {
    for (const job of this.jobs.values()) job.cron.stop()
    this.jobs.clear()
  }
}
