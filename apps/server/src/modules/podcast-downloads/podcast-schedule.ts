import { Cron } from 'croner'
import { cronMessages, cronProblem } from '@shelfcast/contracts'
import type { Logger } from 'pino'

/** Why an auto-download schedule cannot run (the one cron rule of contracts), or null when it can. */
export function scheduleProblem(expression: string): string | null {
  const problem = cronProblem(expression)
  return problem && cronMessages[problem]
}

/**
 * Auto-download schedules, one croner job per podcast. A bad or too frequent expression is logged and
 * ignored; a run that overlaps the previous one is skipped (protect), never stacked.
 */
export class PodcastSchedule {
  private readonly jobs = new Map<string, { expression: string; cron: Cron }>()
  private readonly run: (itemId: string) => Promise<unknown>
  private readonly log: Logger
  constructor(deps: { run: (itemId: string) => Promise<unknown>; log: Logger }) {
    this.run = deps.run
    this.log = deps.log
  }

  /** Plans (or drops) the job of one podcast; `expression` null means no schedule. */
  set(itemId: string, expression: string | null) {
    const wanted = expression?.trim() || null
    const current = this.jobs.get(itemId)
    if (current && current.expression === wanted) return
    current?.cron.stop()
    this.jobs.delete(itemId)
    if (!wanted) return
    const problem = scheduleProblem(wanted)
    if (problem) {
      this.log.warn({ itemId, expression: wanted, problem }, 'podcast schedule ignored')
      return
    }
    const cron = new Cron(wanted, { protect: true, catch: true }, async () => {
      await this.run(itemId).catch((err: unknown) =>
        this.log.warn({ err, itemId }, 'scheduled episode check failed'),
      )
    })
    this.jobs.set(itemId, { expression: wanted, cron })
  }

  /** Fires a podcast's job now, as croner would (tests; the job's overlap protection applies). */
  async trigger(itemId: string): Promise<boolean> {
    const job = this.jobs.get(itemId)
    if (!job) return false
    await job.cron.trigger()
    return true
  }

  nextRun(itemId: string): Date | null {
    return this.jobs.get(itemId)?.cron.nextRun() ?? null
  }

  planned(): string[] {
    return [...this.jobs.keys()]
  }

  close() {
    for (const job of this.jobs.values()) job.cron.stop()
    this.jobs.clear()
  }
}
