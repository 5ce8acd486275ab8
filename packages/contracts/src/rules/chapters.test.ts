import { describe, expect, it } from 'vitest'
import { chapterIssueMessage, chapterIssues, chaptersWithEnds, validBulkCount } from './chapters.ts'

const ch = (start: number, title = 'x') => ({ start, title })

describe('chapterIssues', () => {
  it('passes a list that starts at 0, stays in order (equal starts allowed) and inside the duration', () => {
    expect(chapterIssues([ch(0), ch(10), ch(10), ch(59.9)], 60)).toEqual([])
    expect(chapterIssues([], 60)).toEqual([])
  })

  it('reports each broken rule by row', () => {
    expect(chapterIssues([ch(5)], 60)).toEqual([{ index: 0, kind: 'firstNotZero' }])
    expect(chapterIssues([ch(0), ch(60)], 60)).toEqual([{ index: 1, kind: 'startBeyondDuration' }])
    expect(chapterIssues([ch(0), ch(30), ch(20)], 60)).toEqual([{ index: 2, kind: 'startBeforePrevious' }])
    expect(chapterIssues([ch(0, ' ')], 60)).toEqual([{ index: 0, kind: 'titleRequired' }])
  })

  it('takes no chapters when the duration is 0 (unknown): no start is below it', () => {
    expect(chapterIssues([ch(0)], 0)).toEqual([{ index: 0, kind: 'startBeyondDuration' }])
    expect(chapterIssues([], 0)).toEqual([])
  })

  it('words the server answer per issue', () => {
    expect(chapterIssueMessage({ index: 0, kind: 'firstNotZero' })).toBe('The first chapter must start at 0')
    expect(chapterIssueMessage({ index: 2, kind: 'startBeforePrevious' })).toBe(
      'Chapter 3 starts before the chapter above it',
    )
  })
})

describe('chaptersWithEnds', () => {
  it('ends each chapter at the next start and the last at the duration, titles trimmed, ids from 0', () => {
    expect(chaptersWithEnds([ch(0, ' A '), ch(20, 'B')], 60)).toEqual([
      { id: 0, start: 0, end: 20, title: 'A' },
      { id: 1, start: 20, end: 60, title: 'B' },
    ])
  })
})

describe('validBulkCount', () => {
  it('takes whole numbers from 1 to 150', () => {
    expect([0, 1, 150, 151, 2.5].map(validBulkCount)).toEqual([false, true, true, false, false])
  })
})
