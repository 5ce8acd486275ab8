import crypto from 'node:crypto'
import type { Task, TaskAction } from '@shelfcast/contracts'
import type { Clock } from '../clock.ts'
import type { Realtime } from '../realtime/realtime.ts'

/** Finished tasks stay listed this long, so a client that reloads still sees how they ended. */
const FINISHED_RETENTION_MS = 60_000
const MAX_FINISHED = 50
/** task_progress at most this often per task: a fast scan must not flood the sockets. */
const PROGRESS_INTERVAL_MS = 500

export interface StartTask {
  action: TaskAction
  title: string
  titleKey?: string
  titleSubs?: string[]
  description?: string
  /** The locale key of `description` and its substitutions, so clients show it in their user's language. */
  descriptionKey?: string
  descriptionSubs?: string[]
  data: Task['data']
  showSuccess?: boolean
}

/** A running task: report progress, then finish once. */
export interface TaskHandle {
  readonly id: string
  readonly task: Readonly<Task>
  progress(percent: number): void
  finish(outcome: {
    description?: string | null
    descriptionKey?: string | null
    descriptionSubs?: string[] | null
    data?: Partial<Task['data']>
    error?: string | null
    /** The locale key of `error` (spec §8 task messages) and its substitutions. */
    errorKey?: string | null
    errorSubs?: string[] | null
    failed?: boolean
  }): void
}

/**
 * Background tasks (scans now; downloads, encodes, embeds later) with their lifecycle events to admins:
 * task_started, task_progress (throttled), task_finished. Keeps running tasks and recently finished ones.
 */
export class TaskRunner {
  private readonly tasks = new Map<string, Task>()
  private readonly realtime: Realtime
  private readonly clock: Clock
  private readonly timers = new Set<NodeJS.Timeout>()
  constructor(deps: { realtime: Realtime; clock: Clock }) {
    this.realtime = deps.realtime
    this.clock = deps.clock
  }

  start(input: StartTask): TaskHandle {
    const task: Task = {
      id: crypto.randomUUID(),
      action: input.action,
      data: input.data,
      title: input.title,
      titleKey: input.titleKey ?? null,
      titleSubs: input.titleSubs ?? null,
      description: input.description ?? null,
      descriptionKey: input.descriptionKey ?? null,
      descriptionSubs: input.descriptionSubs ?? null,
      error: null,
      errorKey: null,
      errorSubs: null,
      showSuccess: input.showSuccess ?? false,
      isFailed: false,
      isFinished: false,
      startedAt: this.clock(),
      finishedAt: null,
      progress: 0,
    }
    this.tasks.set(task.id, task)
    this.realtime.toAdmins('task_started', { ...task })
    let lastProgressAt = 0
    return {
      id: task.id,
      task,
      progress: (percent) => {
        if (task.isFinished) return
        const value = Math.max(0, Math.min(100, Math.round(percent)))
        if (value === task.progress) return
        task.progress = value
        const now = Date.now()
        if (now - lastProgressAt < PROGRESS_INTERVAL_MS && value < 100) return
        lastProgressAt = now
        this.realtime.toAdmins('task_progress', { ...task })
      },
      finish: (outcome) => {
        if (task.isFinished) return
        task.isFinished = true
        task.finishedAt = this.clock()
        task.isFailed = outcome.failed ?? false
        task.error = outcome.error ?? null
        task.errorKey = outcome.errorKey ?? null
        task.errorSubs = outcome.errorSubs ?? null
        if (outcome.description !== undefined) {
          task.description = outcome.description
          task.descriptionKey = outcome.descriptionKey ?? null
          task.descriptionSubs = outcome.descriptionSubs ?? null
        }
        if (outcome.data) task.data = { ...task.data, ...outcome.data }
        if (!task.isFailed) task.progress = 100
        this.realtime.toAdmins('task_finished', { ...task })
        this.retire(task.id)
      },
    }
  }

  private retire(id: string) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.tasks.delete(id)
    }, FINISHED_RETENTION_MS)
    timer.unref()
    this.timers.add(timer)
    const finished = [...this.tasks.values()].filter((t) => t.isFinished)
    for (const t of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED))) this.tasks.delete(t.id)
  }

  /**
   * Tasks, oldest first: running ones and those finished in the last minute (`runningOnly`: the running
   * ones). `visible` decides per task (admins see all, others their libraries' tasks).
   */
  list(visible: (task: Task) => boolean = () => true, opts: { runningOnly?: boolean } = {}): Task[] {
    return [...this.tasks.values()]
      .filter((t) => !(opts.runningOnly && t.isFinished) && visible(t))
      .map((t) => ({ ...t }))
  }

  close() {
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }
}
