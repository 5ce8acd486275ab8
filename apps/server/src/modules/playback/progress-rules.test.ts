import { describe, expect, it } from 'vitest'
import { mergeProgress, type ProgressRow } from './progress-rules.ts'

const row = (over: Partial<ProgressRow> = {}): ProgressRow => ({
  id: 'p',
  user_id: 'u',
  library_item_id: 'i',
  episode_id: '',
  duration: 100,
  progress: 0.5,
  current_time: 50,
  is_finished: 0,
  hide_from_continue_listening: 0,
  ebook_location: null,
  ebook_progress: null,
  last_update: 1,
  started_at: 1,
  finished_at: null,
  ...over,
})

describe('progress rules', () => {
  it('computes the fraction from position and duration', () => {
    const v = mergeProgress(null, { currentTime: 25, duration: 100 }, 5)
    expect(v).toMatchObject({
      current_time: 25,
      duration: 100,
      progress: 0.25,
      is_finished: 0,
      started_at: 5,
      last_update: 5,
      finished_at: null,
    })
  })

  it('finishes under 10 s remaining, not at 10 s', () => {
    expect(mergeProgress(null, { currentTime: 90, duration: 100 }, 5).is_finished).toBe(0)
    const done = mergeProgress(null, { currentTime: 90.5, duration: 100 }, 5)
    expect(done).toMatchObject({ is_finished: 1, progress: 1, finished_at: 5 })
  })

  it("follows a library's own rule: more seconds remaining, or a share listened", () => {
    const seconds = { percentComplete: null, timeRemainingSec: 30 }
    expect(mergeProgress(null, { currentTime: 70, duration: 100 }, 5, seconds).is_finished).toBe(0)
    expect(mergeProgress(null, { currentTime: 71, duration: 100 }, 5, seconds).is_finished).toBe(1)
    const share = { percentComplete: 95, timeRemainingSec: 10 }
    expect(mergeProgress(null, { currentTime: 94.9, duration: 100 }, 5, share).is_finished).toBe(0)
    expect(mergeProgress(null, { currentTime: 95, duration: 100 }, 5, share).is_finished).toBe(1)
  })

  it('keeps finishedAt while finished and clears it when un-finished', () => {
    const again = mergeProgress(
      row({ is_finished: 1, finished_at: 3, current_time: 95 }),
      { currentTime: 96, duration: 100 },
      9,
    )
    expect(again.finished_at).toBe(3)
    const restarted = mergeProgress(
      row({ is_finished: 1, finished_at: 3 }),
      { currentTime: 4, duration: 100 },
      9,
    )
    expect(restarted).toMatchObject({ is_finished: 0, finished_at: null })
    expect(mergeProgress(row({ is_finished: 1, finished_at: 3 }), { isFinished: false }, 9)).toMatchObject({
      is_finished: 0,
      finished_at: null,
    })
  })

  it('marks finished on request and hides/unhides from continue listening', () => {
    expect(mergeProgress(row(), { isFinished: true }, 7)).toMatchObject({
      is_finished: 1,
      finished_at: 7,
      progress: 1,
      current_time: 50,
    })
    expect(mergeProgress(row(), { hideFromContinueListening: true }, 7).hide_from_continue_listening).toBe(1)
    expect(
      mergeProgress(row({ hide_from_continue_listening: 1 }), { currentTime: 60 }, 7)
        .hide_from_continue_listening,
    ).toBe(0)
    expect(
      mergeProgress(row({ hide_from_continue_listening: 1 }), { ebookProgress: 0.3 }, 7)
        .hide_from_continue_listening,
    ).toBe(1)
  })

  it("takes an ebook-only item's progress from the reader and keeps an audiobook's audio fraction", () => {
    const ebookOnly = mergeProgress(null, { ebookLocation: 'epubcfi(/6/4)', ebookProgress: 0.4 }, 3)
    expect(ebookOnly).toMatchObject({ progress: 0.4, ebook_progress: 0.4, ebook_location: 'epubcfi(/6/4)' })
    const both = mergeProgress(row(), { ebookLocation: '12', ebookProgress: 0.9 }, 3)
    expect(both).toMatchObject({ progress: 0.5, current_time: 50, ebook_progress: 0.9, ebook_location: '12' })
    expect(
      mergeProgress(row({ hide_from_continue_listening: 1 }), { ebookLocation: '13', ebookProgress: 0.91 }, 7)
        .hide_from_continue_listening,
    ).toBe(0)
    expect(mergeProgress(null, { ebookLocation: '20', ebookProgress: 1, isFinished: true }, 9)).toMatchObject(
      {
        is_finished: 1,
        finished_at: 9,
        progress: 1,
      },
    )
  })
})
