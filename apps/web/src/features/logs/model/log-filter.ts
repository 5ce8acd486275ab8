import type { LogEntry } from '@shelfcast/contracts'

/** The levels the Logs page filters by (Audiobookshelf's numbers): a choice shows its level and above. */
export const LOG_FILTER_LEVELS = [
  { level: 1, labelKey: 'LabelLogLevelDebug' },
  { level: 2, labelKey: 'LabelLogLevelInfo' },
  { level: 3, labelKey: 'LabelLogLevelWarn' },
  { level: 4, labelKey: 'LabelLogLevelError' },
] as const

/** How many lines the page keeps while it streams (the server's buffer holds as many). */
export const MAX_LOG_LINES = 5000

/** The lines at `minLevel` or above whose message, source or level name holds `text` (any case). */
export function filterLogs(entries: readonly LogEntry[], minLevel: number, text: string): LogEntry[] {
  const needle = text.trim().toLocaleLowerCase()
  return entries.filter(
    (e) =>
      e.level >= minLevel &&
      (!needle ||
        e.message.toLocaleLowerCase().includes(needle) ||
        e.source.toLocaleLowerCase().includes(needle) ||
        e.levelName.toLocaleLowerCase() === needle),
  )
}

/** A streamed line appended to what the page holds, the oldest dropped past MAX_LOG_LINES. */
export function appendLog(entries: readonly LogEntry[], entry: LogEntry): LogEntry[] {
  const next =
    entries.length >= MAX_LOG_LINES ? entries.slice(entries.length - MAX_LOG_LINES + 1) : [...entries]
  next.push(entry)
  return next
}

/** One line of the downloaded file: `2026-11-27T04:42:45.000Z [INFO] (source) message`. */
export function logLineText(e: LogEntry): string {
  return `${e.timestamp} [${e.levelName}]${e.source ? ` (${e.source})` : ''} ${e.message}`
}

/** The download: the lines shown, one a line. */
export function logsAsText(entries: readonly LogEntry[]): string {
  return entries.map(logLineText).join('\n') + (entries.length ? '\n' : '')
}

const sameLine = (a: LogEntry, b: LogEntry) =>
  a.timestamp === b.timestamp && a.level === b.level && a.message === b.message

/** Lines streamed before the buffer's answer arrived, appended unless the answer already holds them. */
export function mergeStreamed(fetched: readonly LogEntry[], streamed: readonly LogEntry[]): LogEntry[] {
  let out = [...fetched]
  // Only the answer's tail can overlap what was streamed while it was on its way.
  const tail = fetched.slice(-streamed.length - 50)
  for (const line of streamed) if (!tail.some((t) => sameLine(t, line))) out = appendLog(out, line)
  return out
}
