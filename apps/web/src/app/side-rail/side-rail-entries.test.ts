import { describe, expect, it } from 'vitest'
import { isSideRailEntryActive, sideRailEntries, type SideRailInput } from './side-rail-entries.ts'

const ids = (input: Partial<SideRailInput>) =>
  sideRailEntries({
    libraryId: 'L',
    mediaType: 'book',
    isAdmin: false,
    numUserPlaylists: 0,
    numIssues: 0,
    ...input,
  }).map((e) => e.id)

describe('side rail entries', () => {
  it('for a user in a book library', () => {
    expect(ids({})).toEqual(['home', 'library', 'series', 'collections', 'authors', 'narrators'])
  })

  it('adds Stats for admins in a book library', () => {
    expect(ids({ isAdmin: true })).toEqual([
      'home',
      'library',
      'series',
      'collections',
      'authors',
      'narrators',
      'stats',
    ])
  })

  it('for a user in a podcast library', () => {
    expect(ids({ mediaType: 'podcast' })).toEqual(['home', 'latest', 'library'])
  })

  it('adds Add and Download Queue for admins in a podcast library', () => {
    expect(ids({ mediaType: 'podcast', isAdmin: true })).toEqual([
      'home',
      'latest',
      'library',
      'add',
      'queue',
    ])
  })

  it('shows Playlists only when the user has playlists', () => {
    expect(ids({ numUserPlaylists: 2 })).toContain('playlists')
    expect(ids({ mediaType: 'podcast', numUserPlaylists: 1 })).toEqual([
      'home',
      'latest',
      'library',
      'playlists',
    ])
  })

  it('shows Issues only above 0, with the count as badge and the issues filter', () => {
    expect(ids({ numIssues: 0 })).not.toContain('issues')
    const issues = sideRailEntries({
      libraryId: 'L',
      mediaType: 'book',
      isAdmin: false,
      numUserPlaylists: 0,
      numIssues: 3,
    }).at(-1)
    expect(issues).toMatchObject({ id: 'issues', badge: 3, to: '/library/L/bookshelf?filter=issues' })
  })

  it('links into the current library', () => {
    const entries = sideRailEntries({
      libraryId: 'abc',
      mediaType: 'podcast',
      isAdmin: true,
      numUserPlaylists: 0,
      numIssues: 0,
    })
    expect(entries.map((e) => e.to)).toEqual([
      '/library/abc',
      '/library/abc/podcast/latest',
      '/library/abc/bookshelf',
      '/library/abc/podcast/search',
      '/library/abc/podcast/download-queue',
    ])
  })

  it('tells Library and Issues apart by the filter', () => {
    const entries = sideRailEntries({
      libraryId: 'L',
      mediaType: 'book',
      isAdmin: false,
      numUserPlaylists: 0,
      numIssues: 1,
    })
    const library = entries.find((e) => e.id === 'library')!
    const issues = entries.find((e) => e.id === 'issues')!
    expect(isSideRailEntryActive(library, '/library/L/bookshelf', '')).toBe(true)
    expect(isSideRailEntryActive(issues, '/library/L/bookshelf', '')).toBe(false)
    expect(isSideRailEntryActive(library, '/library/L/bookshelf', '?filter=issues')).toBe(false)
    expect(isSideRailEntryActive(issues, '/library/L/bookshelf', '?filter=issues')).toBe(true)
    const series = entries.find((e) => e.id === 'series')!
    expect(isSideRailEntryActive(series, '/library/L/series/s1', '')).toBe(true)
  })
})
