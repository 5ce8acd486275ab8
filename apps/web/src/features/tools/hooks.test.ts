import type { Task } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { newerRun } from './hooks.ts'

const run = (id: string, startedAt: number, isFinished: boolean) =>
  ({ id, startedAt, isFinished, action: 'embed-metadata', data: {} }) as unknown as Task

describe('newerRun', () => {
  it('takes the finished copy of the same run, whichever side has it', () => {
    expect(newerRun(run('a', 1, false), run('a', 1, true))?.isFinished).toBe(true)
    expect(newerRun(run('a', 1, true), run('a', 1, false))?.isFinished).toBe(true)
  })

  it('takes the later run of two, and either one alone', () => {
    expect(newerRun(run('a', 1, true), run('b', 2, false))?.id).toBe('b')
    expect(newerRun(run('b', 2, false), run('a', 1, true))?.id).toBe('b')
    expect(newerRun(null, run('a', 1, true))?.id).toBe('a')
    expect(newerRun(run('a', 1, true), null)?.id).toBe('a')
  })
})
