import type { LogEntry, LogLevelName } from '@shelfcast/contracts'

/** pino's numeric levels (trace 10 ... fatal 60) on Audiobookshelf's scale (TRACE 0 ... FATAL 5). */
const LEVEL_NAMES: readonly LogLevelName[] = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL', 'NOTE']

/** The pino level a `logLevel` server setting (0..6) stands for; NOTE (6) keeps only fatal lines. */
export function pinoLevelOf(setting: number): 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' {
  const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const
  return levels[Math.min(Math.max(Math.trunc(setting), 0), levels.length - 1)] ?? 'info'
}

function levelOf(pinoLevel: unknown): number {
  const n = typeof pinoLevel === 'number' ? Math.round(pinoLevel / 10) - 1 : 2
  return Math.min(Math.max(n, 0), 5)
}

/** One serialized (and already redacted) pino line as the Logs page shows it; null for a line that is not JSON. */
export function toLogEntry(line: string): LogEntry | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  const { time, level, msg, module, ...rest } = parsed as Record<string, unknown>
  const n = levelOf(level)
  const details = Object.keys(rest).length > 0 ? JSON.stringify(rest) : ''
  const text = typeof msg === 'string' ? msg : ''
  return {
    timestamp:
      typeof time === 'string' ? time : new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
    source: typeof module === 'string' ? module : '',
    message: text && details ? `${text} ${details}` : text || details,
    levelName: LEVEL_NAMES[n] ?? 'INFO',
    level: n,
  }
}
