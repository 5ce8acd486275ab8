import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProgressSaver, type EbookProgressUpdate } from './progress-saver.ts'

describe('reading progress saver', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function saver(finishAtEnd = true, fail = false) {
    const sent: EbookProgressUpdate[] = []
    const save = vi.fn(async (u: EbookProgressUpdate) => {
      if (fail) throw new Error('offline')
      sent.push(u)
    })
    return { sent, save, saver: createProgressSaver({ save, delayMs: 1000, finishAtEnd }) }
  }

  it('sends one save with the last position after quick page turns', async () => {
    const { sent, saver: s } = saver()
    s.relocate('cfi-1', 0.1)
    s.relocate('cfi-2', 0.2)
    await vi.advanceTimersByTimeAsync(999)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([{ ebookLocation: 'cfi-2', ebookProgress: 0.2 }])
  })

  it('flushes at once and does not resend an unchanged position', async () => {
    const { sent, saver: s } = saver()
    s.relocate('3', 0.3)
    await s.flush()
    s.relocate('3', 0.3)
    await vi.advanceTimersByTimeAsync(2000)
    expect(sent).toHaveLength(1)
  })

  it('marks an ebook-only item finished once when the end is reached', async () => {
    const { sent, saver: s } = saver(true)
    s.relocate('10', 1, true)
    await s.flush()
    s.relocate('10', 1, true)
    await s.flush()
    expect(sent).toEqual([{ ebookLocation: '10', ebookProgress: 1, isFinished: true }])
  })

  it('never marks finished an item that has audio', async () => {
    const { sent, saver: s } = saver(false)
    s.relocate('10', 0.999)
    await s.flush()
    expect(sent).toEqual([{ ebookLocation: '10', ebookProgress: 1 }])
  })

  it('keeps a position whose save failed for the next flush', async () => {
    const { save, saver: s } = saver(true, true)
    s.relocate('cfi-5', 0.5)
    await expect(s.flush()).rejects.toThrow('offline')
    await expect(s.flush()).rejects.toThrow('offline')
    expect(save).toHaveBeenCalledTimes(2)
    expect(save.mock.calls[1]![0]).toEqual({ ebookLocation: 'cfi-5', ebookProgress: 0.5 })
  })
})
