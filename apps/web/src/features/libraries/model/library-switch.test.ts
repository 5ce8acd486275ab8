import { describe, expect, it } from 'vitest'
import { librarySwitchTarget, type LibrarySwitchInput } from './library-switch.ts'

type Target = LibrarySwitchInput['target']

const book: Target = { id: 'lib-b', mediaType: 'book' }
const podcast: Target = { id: 'lib-p', mediaType: 'podcast' }

function target(
  routeName: string | undefined,
  fullPath: string,
  to = book,
  currentLibraryId: string | null = 'lib-a',
) {
  const input: LibrarySwitchInput = {
    routeName,
    path: fullPath.split(/[?#]/)[0] ?? fullPath,
    fullPath,
    currentLibraryId,
    target: to,
  }
  return librarySwitchTarget(input)
}

describe('library switch', () => {
  it('leaves config pages alone', () => {
    expect(target('config', '/config')).toBeNull()
    expect(target('config-libraries', '/config/libraries')).toBeNull()
  })

  it('sends a series page of a book library to the series list', () => {
    expect(target('library-library-series-id', '/library/lib-a/series/s1')).toBe(
      '/library/lib-b/bookshelf/series',
    )
  })

  it("goes to the bookshelf when the target library has no such page (a podcast library's series)", () => {
    expect(target('library-library-series-id', '/library/lib-a/series/s1', podcast)).toBe(
      '/library/lib-p/bookshelf',
    )
    for (const page of [
      'bookshelf/series',
      'bookshelf/collections',
      'bookshelf/authors',
      'narrators',
      'stats',
    ]) {
      expect(target('library-library-bookshelf-id', `/library/lib-a/${page}`, podcast)).toBe(
        '/library/lib-p/bookshelf',
      )
    }
    expect(target('library-library-podcast-latest', '/library/lib-a/podcast/latest', book)).toBe(
      '/library/lib-b/bookshelf',
    )
    // Pages both kinds have keep their place.
    expect(target('library-library-bookshelf-id', '/library/lib-a/bookshelf/playlists', podcast)).toBe(
      '/library/lib-p/bookshelf/playlists',
    )
    expect(target('library-library-podcast-latest', '/library/lib-a/podcast/latest', podcast)).toBe(
      '/library/lib-p/podcast/latest',
    )
  })

  it('keeps the search query with the library id swapped', () => {
    expect(target('library-library-search', '/library/lib-a/search?q=dune')).toBe(
      '/library/lib-b/search?q=dune',
    )
  })

  it('swaps the id of other library pages and drops their query', () => {
    expect(target('library-library-bookshelf', '/library/lib-a/bookshelf?filter=issues')).toBe(
      '/library/lib-b/bookshelf',
    )
    expect(target('library-library', '/library/lib-a')).toBe('/library/lib-b')
    expect(target('library-library-narrators', '/library/lib-a/narrators')).toBe('/library/lib-b/narrators')
  })

  it('goes to the library home from anywhere else', () => {
    expect(target('account', '/account')).toBe('/library/lib-b')
    expect(target('item-id', '/item/i1')).toBe('/library/lib-b')
    expect(target('index', '/')).toBe('/library/lib-b')
    expect(target(undefined, '/whatever')).toBe('/library/lib-b')
  })

  it('only swaps the library segment, not the same text elsewhere', () => {
    expect(target('library-library-search', '/library/lib-a/search?q=lib-a')).toBe(
      '/library/lib-b/search?q=lib-a',
    )
  })
})
