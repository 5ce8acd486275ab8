import { chapterIssues } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../http/errors.ts'
import { validateChapters } from './chapter-rules.ts'

const ch = (start: number, title = 'x') => ({ start, title })

describe('validateChapters (POST /api/items/:id/chapters)', () => {
  it('refuses exactly what the chapter editor refuses (the shared rule), with a 400', () => {
    const cases: [ReturnType<typeof ch>[], number][] = [
      [[ch(0), ch(10), ch(10)], 60],
      [[ch(5)], 60],
      [[ch(0), ch(60)], 60],
      [[ch(0), ch(30), ch(20)], 60],
      [[ch(0, '  ')], 60],
      [[ch(0)], 0],
      [[], 0],
    ]
    for (const [chapters, duration] of cases) {
      const editorRefuses = chapterIssues(chapters, duration).length > 0
      let status: number | null = null
      try {
        validateChapters(chapters, duration)
      } catch (err) {
        status = err instanceof HttpError ? err.status : -1
      }
      expect(status, JSON.stringify({ chapters, duration })).toBe(editorRefuses ? 400 : null)
    }
  })

  it('takes no chapters on an item whose duration is 0 (it stored chapters ending before they start)', () => {
    expect(() => validateChapters([ch(0, 'Intro'), ch(30, 'Two')], 0)).toThrow(
      'Chapter 1 starts after the end of the book',
    )
  })

  it('answers the chapters to store, ends from the next start', () => {
    expect(validateChapters([ch(0, ' A '), ch(20, 'B')], 60)).toEqual([
      { id: 0, start: 0, end: 20, title: 'A' },
      { id: 1, start: 20, end: 60, title: 'B' },
    ])
  })
})
