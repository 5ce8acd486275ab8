import type { Task, ToolLogLine, ToolRunLog } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'

/** Lines kept per item: enough for a 150-chapter encode, small enough to keep for every item in memory. */
const MAX_LINES = 500

/** One tool run on one item, as the tools write to it. */
export interface ToolRun {
  log(level: ToolLogLine['level'], message: string): void
  /** The run's task, once started (the manage page shows its state beside the log). */
  attachTask(task: Task): void
  /** Frees the item for the next tool run; the log stays readable until the next run begins. */
  end(): void
}

/**
 * The audio tools' shared bookkeeping: at most one tool runs on an item at a time (an encode and an embed on the
 * same files would corrupt each other), and each item's latest run keeps its log for the manage page.
 */
export class ToolRuns {
  private readonly busy = new Set<string>()
  private readonly logs = new Map<string, { task: Task | null; lines: ToolLogLine[] }>()
  private readonly clock: Clock
  constructor(deps: { clock: Clock }) {
    this.clock = deps.clock
  }

  isBusy(itemId: string): boolean {
    return this.busy.has(itemId)
  }

  /** Whether any tool runs at all (a cache purge would delete its work folder and backups). */
  anyBusy(): boolean {
    return this.busy.size > 0
  }

  /** Starts a run on the item, or null while another run holds it (the route answers 409). */
  begin(itemId: string): ToolRun | null {
    if (this.busy.has(itemId)) return null
    this.busy.add(itemId)
    const entry = { task: null as Task | null, lines: [] as ToolLogLine[] }
    this.logs.set(itemId, entry)
    let ended = false
    return {
      log: (level, message) => {
        entry.lines.push({ timestamp: this.clock(), level, message })
        if (entry.lines.length > MAX_LINES) entry.lines.splice(0, entry.lines.length - MAX_LINES)
      },
      attachTask: (task) => {
        entry.task = task
      },
      end: () => {
        if (ended) return
        ended = true
        this.busy.delete(itemId)
      },
    }
  }

  /** GET /api/tools/item/:id/log. The task is the live object the task runner updates, copied at read time. */
  latest(itemId: string): ToolRunLog {
    const entry = this.logs.get(itemId)
    return entry
      ? { task: entry.task ? { ...entry.task } : null, lines: [...entry.lines] }
      : { task: null, lines: [] }
  }
}
