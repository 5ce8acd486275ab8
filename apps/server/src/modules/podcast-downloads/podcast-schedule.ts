import { Cron } from 'croner'
import type { Logger } from 'pino'

/** Checks closer together than this are refused: a feed host would see it as abuse, and it gains nothing. */
export const MIN_CHECK_INTERVAL_MS = 60_000

/** Why an auto-download schedule cannot run, or null when it can. */
export function scheduleProblem(expression: string): string | null {
  if (expression.trim().split(/\s+/).length !== 5) return 'not a 5-field cron expression'
  let probe: Cron
  try {
    probe = new Cron(expression, { paused: true })
  } catch (err) {
    return err instanceof Error ? err.message : 'invalid cron expression'
  }
  const runs = probe.nextRuns(3)
  probe.stop()
  if (runs.length === 0) return 'never runs'
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i]?.getTime() ?? 0) - (runs[i - 1]?.getTime() ?? 0)
    if (gap < MIN_CHECK_INTERVAL_MS) return 'runs more often than once a minute'
  }
  return null
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
