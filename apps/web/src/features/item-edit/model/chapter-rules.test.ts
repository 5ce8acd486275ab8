import { describe, expect, it } from 'vitest'
import { chapterIssues as sharedChapterIssues } from '@shelfcast/contracts'
import {
  addChapterBelow,
  bulkAddChapters,
  chapterIssues,
  chaptersChanged,
  chaptersFromTracks,
  chaptersPayload,
  formatTimestamp,
  parseTimestamp,
  removeChapter,
  rowsFromChapters,
  shiftChapters,
  validBulkCount,
  type ChapterRow,
} from './chapter-rules.ts'

const row = (start: number, title = `Ch ${start}`, locked = false, id = start): ChapterRow => ({
  id,
  start,
  title,
  locked,
})

describe('chapterIssues', () => {
  it('accepts chapters that start at 0, stay before the end, keep their order and have titles', () => {
    expect(chapterIssues([row(0), row(10), row(10), row(50)], 60)).toEqual([])
  })

  it('reports a first chapter that does not start at 0', () => {
    expect(chapterIssues([row(5), row(10)], 60)).toEqual([{ index: 0, kind: 'firstNotZero' }])
  })

  it('reports starts at or past the duration', () => {
    expect(chapterIssues([row(0), row(60)], 60)).toEqual([{ index: 1, kind: 'startBeyondDuration' }])
  })

  it('reports a start before the previous one', () => {
    expect(chapterIssues([row(0), row(30), row(20)], 60)).toEqual([{ index: 2, kind: 'startBeforePrevious' }])
  })

  it('reports blank titles', () => {
    expect(chapterIssues([row(0, '  ')], 60)).toEqual([{ index: 0, kind: 'titleRequired' }])
  })
})

describe('chaptersPayload', () => {
  it('ends each chapter at the next start and the last at the duration, titles trimmed', () => {
    expect(chaptersPayload([row(0, ' One '), row(20, 'Two')], 45)).toEqual({
      chapters: [
        { id: 0, start: 0, end: 20, title: 'One' },
        { id: 1, start: 20, end: 45, title: 'Two' },
      ],
    })
  })
})

describe('chaptersChanged', () => {
  const saved = [
    { start: 0, title: 'One' },
    { start: 20, title: 'Two' },
  ]
  it('is false for the saved chapters and true after a change of time, title or count', () => {
    const rows = rowsFromChapters(saved)
    expect(chaptersChanged(rows, saved)).toBe(false)
    expect(chaptersChanged([rows[0]!, { ...rows[1]!, start: 21 }], saved)).toBe(true)
    expect(chaptersChanged([rows[0]!, { ...rows[1]!, title: 'Zwei' }], saved)).toBe(true)
    expect(chaptersChanged([rows[0]!], saved)).toBe(true)
  })
})

describe('addChapterBelow and removeChapter', () => {
  it('adds an untitled row halfway to the next start, with a new id', () => {
    const rows = addChapterBelow([row(0, 'A', false, 0), row(20, 'B', false, 1)], 0, 60)
    expect(rows.map((r) => [r.start, r.title, r.id])).toEqual([
      [0, 'A', 0],
      [10, '', 2],
      [20, 'B', 1],
    ])
  })

  it('adds below the last row halfway to the end, and a first row at 0', () => {
    expect(addChapterBelow([row(0)], 0, 60)[1]!.start).toBe(30)
    expect(addChapterBelow([], -1, 60)).toEqual([{ id: 0, start: 0, title: '', locked: false }])
  })

  it('removes one row', () => {
    expect(removeChapter([row(0), row(10), row(20)], 1).map((r) => r.start)).toEqual([0, 20])
  })
})

describe('shiftChapters', () => {
  const rows = [row(0), row(10), row(20), row(30)]

  it('moves every chapter but the first', () => {
    const result = shiftChapters(rows, 5, 60)
    expect(result.ok && result.rows.map((r) => r.start)).toEqual([0, 15, 25, 35])
    const back = shiftChapters(rows, -5, 60)
    expect(back.ok && back.rows.map((r) => r.start)).toEqual([0, 5, 15, 25])
  })

  it('leaves locked chapters where they are', () => {
    const result = shiftChapters([row(0), row(10), row(20, 'x', true), row(30)], 5, 60)
    expect(result.ok && result.rows.map((r) => r.start)).toEqual([0, 15, 20, 35])
  })

  it('refuses when every chapter is locked, or only the first is not', () => {
    expect(
      shiftChapters(
        rows.map((r) => ({ ...r, locked: true })),
        5,
        60,
      ),
    ).toEqual({ ok: false, reason: 'allLocked' })
    expect(shiftChapters([row(0), row(10, 'x', true)], 5, 60)).toEqual({ ok: false, reason: 'allLocked' })
  })

  it('refuses to push the last chapter to or past the end', () => {
    expect(shiftChapters(rows, 30, 60)).toEqual({ ok: false, reason: 'pastDuration' })
    expect(shiftChapters(rows, 29, 60).ok).toBe(true)
  })

  it('refuses to make the first chapter zero or negative in length', () => {
    expect(shiftChapters(rows, -10, 60)).toEqual({ ok: false, reason: 'firstChapterEmpty' })
    expect(shiftChapters(rows, -9, 60).ok).toBe(true)
  })

  it('refuses to move a chapter past a locked neighbour', () => {
    expect(shiftChapters([row(0), row(10), row(12, 'x', true)], 5, 60)).toEqual({
      ok: false,
      reason: 'outOfOrder',
    })
  })

  it('needs an amount', () => {
    expect(shiftChapters(rows, 0, 60)).toEqual({ ok: false, reason: 'noAmount' })
    expect(shiftChapters(rows, Number.NaN, 60)).toEqual({ ok: false, reason: 'noAmount' })
  })
})

describe('bulk add', () => {
  it('takes 1 to 150 chapters', () => {
    expect([0, 1, 150, 151, 2.5].map(validBulkCount)).toEqual([false, true, true, false, false])
  })

  it('spreads new chapters over the time after the last, continuing its number', () => {
    const rows = bulkAddChapters([row(0, 'Chapter 1'), row(20, 'Chapter 2')], 3, 60, 'Chapter')
    expect(rows.slice(2).map((r) => [r.start, r.title])).toEqual([
      [30, 'Chapter 3'],
      [40, 'Chapter 4'],
      [50, 'Chapter 5'],
    ])
    expect(new Set(rows.map((r) => r.id)).size).toBe(5)
  })

  it('fills an empty list from 0 over the whole book', () => {
    const rows = bulkAddChapters([], 4, 60, 'Chapter')
    expect(rows.map((r) => [r.start, r.title])).toEqual([
      [0, 'Chapter 1'],
      [15, 'Chapter 2'],
      [30, 'Chapter 3'],
      [45, 'Chapter 4'],
    ])
    expect(chapterIssues(rows, 60)).toEqual([])
  })

  it('numbers after the rows when the last title has no number, and ignores a bad count', () => {
    expect(bulkAddChapters([row(0, 'Intro')], 1, 60, 'Chapter')[1]!.title).toBe('Chapter 2')
    expect(bulkAddChapters([row(0)], 151, 60, 'Chapter')).toHaveLength(1)
  })
})

describe('chaptersFromTracks', () => {
  it('makes one chapter per included file with cumulative starts and names without extension', () => {
    expect(
      chaptersFromTracks([
        { filename: '01 - Opening.mp3', duration: 12.5 },
        { filename: 'skip.mp3', duration: 3, exclude: true },
        { filename: 'part.two.m4a', duration: 20 },
        { filename: 'noext', duration: 1 },
      ]).map((r) => [r.start, r.title]),
    ).toEqual([
      [0, '01 - Opening'],
      [12.5, 'part.two'],
      [32.5, 'noext'],
    ])
  })
})

describe('timestamps', () => {
  it('parses h:mm:ss, mm:ss and seconds, with decimals', () => {
    expect(parseTimestamp('01:02:03')).toBe(3723)
    expect(parseTimestamp('2:05')).toBe(125)
    expect(parseTimestamp('42')).toBe(42)
    expect(parseTimestamp(' 00:00:01.25 ')).toBe(1.25)
  })

  it('rejects what is not a time', () => {
    for (const text of ['', 'abc', '1:2:3:4', '-5', '1.5:00', '1::2']) expect(parseTimestamp(text)).toBeNull()
  })

  it('formats as hh:mm:ss, keeping milliseconds', () => {
    expect(formatTimestamp(3723)).toBe('01:02:03')
    expect(formatTimestamp(0)).toBe('00:00:00')
    expect(formatTimestamp(61.5)).toBe('00:01:01.5')
    expect(parseTimestamp(formatTimestamp(7384.125))).toBe(7384.125)
  })
})

describe('the chapter rule is the server one', () => {
  it('is the contracts function the server validates with', () => {
    expect(chapterIssues).toBe(sharedChapterIssues)
    // Duration 0 (unknown): the editor refuses, as the server does.
    expect(chapterIssues([row(0)], 0)).toEqual([{ index: 0, kind: 'startBeyondDuration' }])
  })
})
