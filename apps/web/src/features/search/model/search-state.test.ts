import type { SearchResponse } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { emptySearchResults, searchGroups, searchPagePath, searchPhase } from './search-state.ts'

const withBook = (): SearchResponse => ({
  ...emptySearchResults(),
  book: [{ libraryItem: {} as never }],
  narrators: [{ name: 'Mara Quill', numBooks: 3 }],
})

describe('search dropdown states', () => {
  it('shows nothing for an empty box, even with old results around', () => {
    expect(searchPhase('', '', undefined)).toBe('idle')
    expect(searchPhase('   ', 'ember', withBook())).toBe('idle')
  })

  it('is thinking while the typed text has not settled', () => {
    expect(searchPhase('emb', '', undefined)).toBe('thinking')
    expect(searchPhase('ember r', 'ember', withBook())).toBe('thinking')
  })

  it('is fetching once settled until the answer arrives', () => {
    expect(searchPhase('ember', 'ember', undefined)).toBe('fetching')
    expect(searchPhase(' ember ', 'ember', undefined)).toBe('fetching')
  })

  it('shows results, or No results for an empty answer', () => {
    expect(searchPhase('ember', 'ember', withBook())).toBe('results')
    expect(searchPhase('zzz', 'zzz', emptySearchResults())).toBe('empty')
  })

  it('lists only the groups with hits, in the spec order', () => {
    expect(searchGroups(withBook()).map((g) => g.id)).toEqual(['books', 'narrators'])
    expect(searchGroups(emptySearchResults())).toEqual([])
  })

  it('builds the search page path with the query encoded', () => {
    expect(searchPagePath('lib1', ' salt & roads ')).toBe('/library/lib1/search?q=salt+%26+roads')
  })
})
