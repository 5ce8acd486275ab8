import type { AudioFile } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { failedProbe, normaliseChapters, type AudioProbe } from './audio-probe.ts'
import {
  buildChapters,
  orderTracks,
  toAudioFile,
  trackNumberFromFileName,
  type ProbedAudio,
} from './tracks.ts'
import type { WalkedFile } from './walk.ts'

const walked = (relPath: string): WalkedFile => ({
  path: `/lib/${relPath}`,
  relPath,
  name: relPath.split('/').pop() ?? relPath,
  ino: relPath,
  size: 100,
  mtimeMs: 0,
  ctimeMs: 0,
  birthtimeMs: 0,
})
const probe = (
  over: Partial<AudioProbe> & { track?: number | null; disc?: number | null; title?: string | null } = {},
): AudioProbe => {
  const base = failedProbe('x')
  return {
    ...base,
    error: null,
    format: 'MPEG',
    duration: over.duration ?? 10,
    chapters: over.chapters ?? [],
    tags: { ...base.tags, track: over.track ?? null, disc: over.disc ?? null, title: over.title ?? null },
    metaTags: over.title ? { tagTitle: over.title } : {},
  }
}
const probed = (rel: string, over: Parameters<typeof probe>[0] = {}): ProbedAudio => ({
  file: walked(`Book/${rel}`),
  probe: probe(over),
})
const names = (list: ProbedAudio[]) => list.map((p) => p.file.name)
const asFiles = (list: ProbedAudio[]): AudioFile[] =>
  list.map((p, i) => toAudioFile(p, i + 1, 'Book', false, { addedAt: 0, updatedAt: 0 }))

describe('track order', () => {
  it('follows distinct disc/track tags', () => {
    const list = [probed('b.mp3', { track: 2 }), probed('a.mp3', { track: 3 }), probed('c.mp3', { track: 1 })]
    expect(names(orderTracks(list, 'Book'))).toEqual(['c.mp3', 'b.mp3', 'a.mp3'])
  })

  it('uses CD folders as discs with track tags', () => {
    const list = [
      probed('CD 2/x.mp3', { track: 1 }),
      probed('CD 1/y.mp3', { track: 2 }),
      probed('CD 1/z.mp3', { track: 1 }),
    ]
    expect(orderTracks(list, 'Book').map((p) => p.file.relPath)).toEqual([
      'Book/CD 1/z.mp3',
      'Book/CD 1/y.mp3',
      'Book/CD 2/x.mp3',
    ])
  })

  it('falls back to numbers in file names when tags repeat or are missing', () => {
    const list = [
      probed('Part 10.mp3', { track: 1 }),
      probed('Part 2.mp3', { track: 1 }),
      probed('Part 1.mp3'),
    ]
    expect(names(orderTracks(list, 'Book'))).toEqual(['Part 1.mp3', 'Part 2.mp3', 'Part 10.mp3'])
  })

  it('falls back to natural order', () => {
    const list = [probed('b intro.mp3'), probed('a prologue.mp3'), probed('c end.mp3')]
    expect(names(orderTracks(list, 'Book'))).toEqual(['a prologue.mp3', 'b intro.mp3', 'c end.mp3'])
  })

  it.each([
    ['01 - Intro.mp3', 1],
    ['Mort - Part 12.mp3', 12],
    ['Chapter 3 of 10.mp3', 10],
    ['no number.mp3', null],
  ])('trackNumberFromFileName(%s)', (name, n) => expect(trackNumberFromFileName(name)).toBe(n))
})

describe('chapters', () => {
  it('converts mp4 time-scale starts to seconds and ends each where the next starts', () => {
    expect(
      normaliseChapters(
        [
          { title: 'B', start: 2000, timeScale: 1000 },
          { title: 'A', start: 0, timeScale: 1000 },
        ],
        5,
      ),
    ).toEqual([
      { id: 0, title: 'A', start: 0, end: 2 },
      { id: 1, title: 'B', start: 2, end: 5 },
    ])
  })

  it('uses the single file chapters as they are', () => {
    const chapters = normaliseChapters(
      [
        { title: 'One', start: 0 },
        { title: 'Two', start: 4 },
      ],
      10,
    )
    expect(
      buildChapters(asFiles([probed('a.m4b', { chapters })])).map((c) => [c.title, c.start, c.end]),
    ).toEqual([
      ['One', 0, 4],
      ['Two', 4, 10],
    ])
  })

  it('offsets every file chapters by the file start when all files have chapters', () => {
    const ch = (t: string) =>
      normaliseChapters(
        [
          { title: `${t}1`, start: 0 },
          { title: `${t}2`, start: 5 },
        ],
        10,
      )
    const files = asFiles([
      probed('1.mp3', { track: 1, chapters: ch('a') }),
      probed('2.mp3', { track: 2, chapters: ch('b') }),
    ])
    expect(buildChapters(files).map((c) => [c.title, c.start, c.end])).toEqual([
      ['a1', 0, 5],
      ['a2', 5, 10],
      ['b1', 10, 15],
      ['b2', 15, 20],
    ])
  })

  it('takes the first file chapters when they cover the whole book', () => {
    // The first of three 10 s parts carries chapters for the whole 30 s book.
    const whole = normaliseChapters(
      [
        { title: 'One', start: 0 },
        { title: 'Two', start: 15 },
        { title: 'Bogus', start: 99 },
      ],
      10,
    )
    const files = asFiles([probed('1.mp3', { chapters: whole }), probed('2.mp3'), probed('3.mp3')])
    expect(buildChapters(files).map((c) => [c.title, c.start, c.end])).toEqual([
      ['One', 0, 15],
      ['Two', 15, 30],
    ])
  })

  it('makes one chapter per playable file otherwise, skipping broken files', () => {
    const broken: ProbedAudio = { file: walked('Book/2.mp3'), probe: failedProbe('bad') }
    const files = asFiles([probed('1.mp3', { title: 'First' }), broken, probed('3.mp3', { title: 'Third' })])
    expect(buildChapters(files).map((c) => [c.title, c.start, c.end])).toEqual([
      ['First', 0, 10],
      ['Third', 10, 20],
    ])
  })
})
