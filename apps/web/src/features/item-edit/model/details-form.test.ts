import { messages, UpdateBookMediaRequest, type Book } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { detailsChanges, detailsProblem, formFromBook, type DetailsForm } from './details-form.ts'

const book = {
  tags: ['fav'],
  metadata: {
    title: 'Dune',
    subtitle: null,
    authors: [{ id: 'au1', name: 'Frank Herbert' }],
    narrators: ['Scott Brick'],
    series: [{ id: 'se1', name: 'Dune', sequence: '1' }],
    genres: ['SciFi'],
    publishedYear: '1965',
    publisher: null,
    description: 'Sand.',
    isbn: null,
    asin: null,
    language: 'en',
    explicit: false,
    abridged: false,
  },
} as unknown as Pick<Book, 'metadata' | 'tags'>

const initial = formFromBook(book)
const edit = (patch: Partial<DetailsForm>): DetailsForm => ({ ...initial, ...patch })

describe('formFromBook', () => {
  it('turns nulls into empty text and copies the lists', () => {
    expect(initial.subtitle).toBe('')
    expect(initial.series).toEqual([{ id: 'se1', name: 'Dune', sequence: '1' }])
    expect(initial.tags).toEqual(['fav'])
  })
})

describe('detailsChanges', () => {
  it('is null when nothing changed, including whitespace-only edits', () => {
    expect(detailsChanges(initial, initial)).toBeNull()
    expect(detailsChanges(initial, edit({ title: ' Dune ', genres: ['SciFi', ' '] }))).toBeNull()
  })

  it('sends only the changed fields, trimmed', () => {
    expect(detailsChanges(initial, edit({ title: 'Dune Messiah ', publisher: 'Chilton' }))).toEqual({
      metadata: { title: 'Dune Messiah', publisher: 'Chilton' },
    })
  })

  it('sends an emptied text field as null', () => {
    expect(detailsChanges(initial, edit({ description: '  ' }))).toEqual({ metadata: { description: null } })
  })

  it('sends whole lists when one entry changed, keeping known ids', () => {
    const changed = detailsChanges(
      initial,
      edit({
        authors: [{ id: 'au1', name: 'Frank Herbert' }, { name: 'Brian Herbert' }],
        series: [{ id: 'se1', name: 'Dune', sequence: '2' }],
      }),
    )
    expect(changed).toEqual({
      metadata: {
        authors: [{ id: 'au1', name: 'Frank Herbert' }, { name: 'Brian Herbert' }],
        series: [{ id: 'se1', name: 'Dune', sequence: '2' }],
      },
    })
  })

  it('sends a series without sequence as null and drops unnamed rows', () => {
    const changed = detailsChanges(
      initial,
      edit({
        series: [
          { name: 'Dune', sequence: '' },
          { name: ' ', sequence: '3' },
        ],
      }),
    )
    expect(changed).toEqual({ metadata: { series: [{ name: 'Dune', sequence: null }] } })
  })

  it('sends tags beside the metadata, and toggles', () => {
    expect(detailsChanges(initial, edit({ tags: ['fav', 'new'], explicit: true }))).toEqual({
      metadata: { explicit: true },
      tags: ['fav', 'new'],
    })
    expect(detailsChanges(initial, edit({ narrators: [], abridged: true }))).toEqual({
      metadata: { narrators: [], abridged: true },
    })
  })
})

describe('detailsProblem', () => {
  it('accepts the loaded form', () => {
    expect(detailsProblem(initial)).toBeNull()
  })
  it('needs a title', () => {
    expect(detailsProblem(edit({ title: ' ' }))).toBe('titleRequired')
  })
  it('refuses sequences with spaces', () => {
    expect(detailsProblem(edit({ series: [{ name: 'Dune', sequence: '1 a' }] }))).toBe('seriesSequenceSpaces')
  })
  it('refuses the same series twice, whatever the case', () => {
    expect(
      detailsProblem(
        edit({
          series: [
            { name: 'Dune', sequence: '1' },
            { name: 'dune ', sequence: '2' },
          ],
        }),
      ),
    ).toBe('seriesDuplicate')
  })
  it('refuses what the server refuses, with the message the server answers', () => {
    const refused = [
      edit({ title: ' ' }),
      edit({ series: [{ name: 'Dune', sequence: '1 a' }] }),
      edit({
        series: [
          { name: 'Dune', sequence: '1' },
          { name: 'Dune', sequence: '2' },
        ],
      }),
    ]
    for (const form of refused) {
      const problem = detailsProblem(form)
      expect(problem).not.toBeNull()
      const sent = UpdateBookMediaRequest.safeParse(detailsChanges(initial, form))
      expect(sent.success).toBe(false)
      expect(sent.error?.issues.map((issue) => issue.message)).toContain(messages[problem!])
    }
  })
})
