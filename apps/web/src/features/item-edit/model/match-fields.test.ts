import type { BookMatch } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { matchUpdate, matchValueText, offeredFields, splitNames, type MatchField } from './match-fields.ts'

const match: BookMatch = {
  title: ' Dune ',
  subtitle: null,
  author: 'Frank Herbert, Brian Herbert',
  narrator: 'Scott Brick',
  publisher: 'Chilton',
  publishedYear: '1965',
  description: 'Sand.',
  cover: 'https://covers.example/dune.jpg',
  isbn: null,
  asin: 'B000',
  genres: ['SciFi'],
  tags: 'classic, desert',
  series: [{ series: 'Dune', sequence: '1' }],
  language: '',
  duration: 1200,
}

describe('splitNames', () => {
  it('splits comma-separated names and drops blanks', () => {
    expect(splitNames('A, B,, C ')).toEqual(['A', 'B', 'C'])
    expect(splitNames(null)).toEqual([])
  })
})

describe('offeredFields and matchValueText', () => {
  it('offers only the fields the match has a value for', () => {
    expect(offeredFields(match)).toEqual([
      'cover',
      'title',
      'authors',
      'narrators',
      'description',
      'publisher',
      'publishedYear',
      'series',
      'genres',
      'tags',
      'asin',
    ])
  })

  it('shows lists and series as text', () => {
    expect(matchValueText(match, 'series')).toBe('Dune #1')
    expect(matchValueText(match, 'tags')).toBe('classic, desert')
    expect(matchValueText(match, 'title')).toBe('Dune')
  })
})

describe('matchUpdate', () => {
  it('sends the ticked fields in the PATCH shape and the cover apart', () => {
    const ticked = new Set<MatchField>(['cover', 'title', 'authors', 'series', 'tags', 'subtitle'])
    expect(matchUpdate(match, ticked)).toEqual({
      body: {
        metadata: {
          title: 'Dune',
          authors: [{ name: 'Frank Herbert' }, { name: 'Brian Herbert' }],
          series: [{ name: 'Dune', sequence: '1' }],
        },
        tags: ['classic', 'desert'],
      },
      coverUrl: 'https://covers.example/dune.jpg',
    })
  })

  it('sends no body when only the cover is ticked, and nothing when nothing is', () => {
    expect(matchUpdate(match, new Set<MatchField>(['cover']))).toEqual({ body: null, coverUrl: match.cover })
    expect(matchUpdate(match, new Set())).toEqual({ body: null, coverUrl: null })
  })
})
