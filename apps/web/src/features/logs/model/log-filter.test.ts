import type { LogEntry } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { appendLog, filterLogs, logsAsText, MAX_LOG_LINES, mergeStreamed } from './log-filter.ts'

const entry = (level: number, message: string, source = ''): LogEntry => ({
  timestamp: '2026-11-27T04:00:00.000Z',
  source,
  message,
  levelName: (['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL', 'NOTE'] as const)[level] ?? 'INFO',
  level,
})

describe('filterLogs', () => {
  const lines = [
    entry(1, 'debug detail'),
    entry(2, 'Scan finished', 'scanner'),
    entry(3, 'slow disk'),
    entry(4, 'boom'),
  ]

  it('keeps the chosen level and above', () => {
    expect(filterLogs(lines, 3, '').map((l) => l.message)).toEqual(['slow disk', 'boom'])
    expect(filterLogs(lines, 1, '')).toHaveLength(4)
  })

  it('matches text in the message or source, in any case', () => {
    expect(filterLogs(lines, 1, 'SCAN').map((l) => l.message)).toEqual(['Scan finished'])
    expect(filterLogs(lines, 1, 'scanner ').map((l) => l.message)).toEqual(['Scan finished'])
    expect(filterLogs(lines, 3, 'scan')).toEqual([])
  })
})

describe('appendLog', () => {
  it('adds the line at the end and drops the oldest past the cap', () => {
    const full = Array.from({ length: MAX_LOG_LINES }, (_, i) => entry(2, `line ${i}`))
    const next = appendLog(full, entry(3, 'new'))
    expect(next).toHaveLength(MAX_LOG_LINES)
    expect(next[0]?.message).toBe('line 1')
    expect(next.at(-1)?.message).toBe('new')
    expect(full.at(-1)?.message).toBe(`line ${MAX_LOG_LINES - 1}`)
  })
})

describe('logsAsText', () => {
  it('writes one line per entry with time, level and source', () => {
    expect(logsAsText([entry(2, 'hello', 'email'), entry(4, 'bad')])).toBe(
      '2026-11-27T04:00:00.000Z [INFO] (email) hello\n2026-11-27T04:00:00.000Z [ERROR] bad\n',
    )
  })
})

describe('mergeStreamed', () => {
  it('adds lines streamed during the fetch that the answer does not hold yet', () => {
    const a = entry(2, 'a')
    const b = entry(2, 'b')
    const c = entry(3, 'c')
    expect(mergeStreamed([a, b], [b, c]).map((l) => l.message)).toEqual(['a', 'b', 'c'])
    expect(mergeStreamed([], [c]).map((l) => l.message)).toEqual(['c'])
    expect(mergeStreamed([a], []).map((l) => l.message)).toEqual(['a'])
  })
})
