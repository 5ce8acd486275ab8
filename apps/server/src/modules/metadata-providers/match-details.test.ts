import type { BookMatch, BookMetadata } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { matchToMediaUpdate, splitMatchNames } from './match-details.ts'

const current: BookMetadata = {
  title: 'Mort',
  titleIgnorePrefix: 'Mort',
  subtitle: null,
  authors: [{ id: 'a1', name: 'Terry Pratchett' }],
  narrators: [],
  series: [],
  genres: ['Fantasy'],
  publishedYear: null,
  publishedDate: null,
  publisher: null,
  description: 'Mine.',
  isbn: null,
  asin: null,
  language: null,
  explicit: false,
  abridged: false,
  authorName: 'Terry Pratchett',
  authorNameLF: 'Pratchett, Terry',
  narratorName: '',
  seriesName: '',
}

const match: BookMatch = {
  title: 'Mort (Unabridged)',
  subtitle: 'Discworld 4',
  author: 'Terry Pratchett, Someone Else',
  narrator: 'Nigel Planer',
  publisher: 'Corgi',
  publishedYear: '1987',
  description: 'Theirs.',
  cover: 'https://img.example/c.jpg',
  isbn: '9780552131063',
  asin: null,
  genres: ['Humour'],
  tags: 'Witty, Death',
  series: [{ series: 'Discworld', sequence: '4' }],
  language: 'English',
  duration: 480,
}

describe('what a quick match writes', () => {
  it('without override fills only what the book lacks', () => {
    expect(matchToMediaUpdate(current, ['mine'], match, false)).toEqual({
      metadata: {
        subtitle: 'Discworld 4',
        publisher: 'Corgi',
        publishedYear: '1987',
        isbn: '9780552131063',
        language: 'English',
        narrators: ['Nigel Planer'],
        series: [{ name: 'Discworld', sequence: '4' }],
      },
    })
  })

  it('with override replaces every field the match has, and never clears one it lacks', () => {
    const update = matchToMediaUpdate(current, ['mine'], match, true)
    expect(update?.metadata).toMatchObject({
      title: 'Mort (Unabridged)',
      description: 'Theirs.',
      authors: [{ name: 'Terry Pratchett' }, { name: 'Someone Else' }],
      genres: ['Humour'],
    })
    expect(update?.metadata).not.toHaveProperty('asin')
    expect(update?.tags).toEqual(['Witty', 'Death'])
  })

  it('applies nothing when the match adds nothing', () => {
    const bare: BookMatch = {
      ...match,
      subtitle: null,
      author: null,
      narrator: null,
      publisher: null,
      publishedYear: null,
      description: null,
      isbn: null,
      language: null,
      genres: [],
      tags: null,
      series: [],
    }
    expect(matchToMediaUpdate(current, [], bare, false)).toBeNull()
    expect(splitMatchNames(' A ,B,, a ')).toEqual(['A', 'B', 'a'])
  })
})
