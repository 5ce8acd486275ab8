import fs from 'node:fs'
import path from 'node:path'
import type { LogDayResponse, LogDaysResponse } from '@shelfcast/contracts'
import { notFound } from '../http/errors.ts'
import { toLogEntry } from './log-entry.ts'

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.log$/
/** A day's lines are read from at most its last this many bytes (a busy day at Debug can hold hundreds of MB). */
export const MAX_DAY_BYTES = 16 * 1024 * 1024

/** The kept day files of `dir` (logging/daily-log-file.ts), newest first. */
export async function listLogDays(dir: string | null): Promise<LogDaysResponse> {
  if (!dir) return { days: [] }
  const names = await fs.promises.readdir(dir).catch(() => [] as string[])
  const days: LogDaysResponse['days'] = []
  for (const name of names) {
    const day = DAY_FILE.exec(name)?.[1]
    if (!day) continue
    const st = await fs.promises.stat(path.join(dir, name)).catch(() => null)
    if (st?.isFile()) days.push({ day, size: st.size })
  }
  return { days: days.sort((a, b) => b.day.localeCompare(a.day)) }
}

/**
 * The file of `day` in `dir`, or a 404. `day` is a checked calendar date (contracts LogDay), so the name
 * cannot leave the folder; the check here is for the case a caller skipped that.
 */
export async function logDayFile(dir: string | null, day: string): Promise<{ path: string; size: number }> {
  if (!dir || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw notFound('No log file for that day')
  const file = path.join(dir, `${day}.log`)
  const st = await fs.promises.lstat(file).catch(() => null)
  if (!st?.isFile()) throw notFound('No log file for that day')
  return { path: file, size: st.size }
}

/** A day's lines as the Logs page shows them; of a file over `maxBytes`, its last whole lines within them. */
export async function readLogDay(
  dir: string | null,
  day: string,
  maxBytes = MAX_DAY_BYTES,
): Promise<LogDayResponse> {
  const file = await logDayFile(dir, day)
  const truncated = file.size > maxBytes
  const handle = await fs.promises.open(file.path, 'r')
  let text: string
  try {
    const length = Math.min(file.size, maxBytes)
    const buffer = Buffer.alloc(length)
    await handle.read(buffer, 0, length, file.size - length)
    text = buffer.toString('utf8')
  } finally {
    await handle.close()
  }
  const rows = text.split('\n')
  // Read from the middle of a file, the first row is the tail of a cut line.
  if (truncated) rows.shift()
  const lines = rows.flatMap((row) => {
    const entry = row ? toLogEntry(row) : null
    return entry ? [entry] : []
  })
  return { day, lines, truncated }
}
