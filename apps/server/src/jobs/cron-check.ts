import { Cron } from 'croner'

/** Whether croner can schedule this expression (built paused and stopped at once, so it never fires). */
export function cronRuns(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop()
    return true
  } catch {
    return false
  }
}
