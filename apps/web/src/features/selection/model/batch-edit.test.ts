import type { LibraryItem } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  applyToAll,
  batchEditProblem,
  batchFieldsOf,
  changedMediaPayload,
  emptyBatchFields,
  parseSeriesLabel,
  seriesLabel,
  type MappableField,
} from './batch-edit.ts'
import { expandedBookFixture } from './batch-fixtures.test-support.ts'

describe('batchFieldsOf', () => {
  it('reads a book into the form', () => {
    const fields = batchFieldsOf(expandedBookFixture('b1'))
    expect(fields).toMatchObject({
      title: 'Book b1',
      authors: ['Ann Author'],
      series: [{ name: 'Saga', sequence: '1' }],
      genres: ['Fantasy'],
      tags: ['tag1'],
      explicit: false,
    })
  })
})

describe('changedMediaPayload', () => {
  it('is null when nothing changed', () => {
    const item = expandedBookFixture('b1')
    expect(changedMediaPayload(item, batchFieldsOf(item))).toBeNull()
  })

  it('sends only the changed fields, emptied text as null, known ids kept', () => {
    const item = expandedBookFixture('b1')
    const edited = {
      ...batchFieldsOf(item),
      subtitle: '  ',
      publisher: 'New House ',
      authors: ['Ann Author', 'Bob Writer'],
      tags: [],
      abridged: true,
    }
    expect(changedMediaPayload(item, edited)).toEqual({
      metadata: {
        subtitle: null,
        publisher: 'New House',
        authors: [{ id: 'author-ann', name: 'Ann Author' }, { name: 'Bob Writer' }],
        abridged: true,
      },
      tags: [],
    })
  })

  it('sends series with their ids and sequences when they change', () => {
    const item = expandedBookFixture('b1')
    const edited = {
      ...batchFieldsOf(item),
      series: [
        { name: 'Saga', sequence: '2' },
        { name: 'Other', sequence: '' },
      ],
    }
    expect(changedMediaPayload(item, edited)).toEqual({
      metadata: {
        series: [
          { id: 'series-saga', name: 'Saga', sequence: '2' },
          { name: 'Other', sequence: null },
        ],
      },
    })
  })

  it('skips podcasts', () => {
    const podcast = { ...expandedBookFixture('p1'), mediaType: 'podcast' } as LibraryItem
    expect(changedMediaPayload(podcast, emptyBatchFields())).toBeNull()
  })
})

describe('applyToAll', () => {
  const mapped = {
    ...emptyBatchFields(),
    genres: ['Horror', 'fantasy'],
    publisher: 'Mapped House',
    explicit: true,
    narrators: ['Nia'],
  }
  const chosen = new Set<MappableField>(['genres', 'publisher', 'explicit'])

  it('sets only the chosen fields, replacing lists', () => {
    const fields = batchFieldsOf(expandedBookFixture('b1'))
    const next = applyToAll(fields, mapped, chosen, false)
    expect(next.genres).toEqual(['Horror', 'fantasy'])
    expect(next.publisher).toBe('Mapped House')
    expect(next.explicit).toBe(true)
    expect(next.narrators).toEqual(fields.narrators)
    expect(next.title).toBe(fields.title)
  })

  it('adds to lists without duplicates when appending', () => {
    const fields = batchFieldsOf(expandedBookFixture('b1'))
    expect(applyToAll(fields, mapped, chosen, true).genres).toEqual(['Fantasy', 'Horror'])
  })
})

describe('batchEditProblem and series labels', () => {
  it('needs titles and sequences without spaces', () => {
    const ok = batchFieldsOf(expandedBookFixture('b1'))
    expect(batchEditProblem([ok])).toBeNull()
    expect(batchEditProblem([ok, { ...ok, title: ' ' }])).toBe('TitleRequired')
    expect(batchEditProblem([{ ...ok, series: [{ name: 'S', sequence: '1 2' }] }])).toBe(
      'SeriesSequenceSpaces',
    )
  })

  it('round-trips "Name #sequence"', () => {
    expect(seriesLabel({ name: 'Saga', sequence: '1' })).toBe('Saga #1')
    expect(parseSeriesLabel('Saga #1')).toEqual({ name: 'Saga', sequence: '1' })
    expect(parseSeriesLabel('No. #5 Club #2.5')).toEqual({ name: 'No. #5 Club', sequence: '2.5' })
    expect(parseSeriesLabel('Plain')).toEqual({ name: 'Plain', sequence: '' })
  })
})
