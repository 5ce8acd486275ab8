import type { FilterData } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  bookshelfFilterPath,
  decodeFilterValue,
  filterBy,
  filterMenuGroups,
  filterValueLabel,
  normalizeFilter,
  parseFilter,
} from './filters.ts'

const data: FilterData = {
  authors: [{ id: 'a1', name: 'Aldous Fenwick' }],
  series: [{ id: 's1', name: 'The Lantern Cycle' }],
  genres: ['Fantasy', 'Science Fiction'],
  tags: ['café'],
  narrators: ['Mara Quill'],
  publishers: [],
  publishedDecades: ['1890'],
  languages: ['English'],
  bookCount: 3,
  authorCount: 1,
  seriesCount: 1,
  podcastCount: 0,
  numIssues: 0,
  loadedAt: 0,
}

describe('filter encoding', () => {
  it('writes group.base64(utf8 value), and bare flag groups', () => {
    expect(filterBy('genres', 'Fantasy')).toBe('genres.RmFudGFzeQ==')
    expect(filterBy('tags', 'café')).toBe(`tags.${btoa('caf\u00c3\u00a9')}`)
    expect(filterBy('issues')).toBe('issues')
    expect(filterBy('explicit', 'ignored')).toBe('explicit')
  })

  it('parses what it writes, whatever the script', () => {
    for (const value of ['Fantasy', 'Čapek – Ĺudia', '日本語', 'a+b/c=d', 'Mara Quill']) {
      expect(parseFilter(filterBy('narrators', value))).toEqual({ group: 'narrators', value })
    }
    expect(parseFilter('issues')).toEqual({ group: 'issues' })
    expect(parseFilter('all')).toBeNull()
  })

  it('accepts the URL-encoded form Audiobookshelf links carry', () => {
    expect(parseFilter('genres.RmFudGFzeQ%3D%3D')).toEqual({ group: 'genres', value: 'Fantasy' })
    expect(decodeFilterValue('RmFudGFzeQ%3D%3D')).toBe('Fantasy')
  })

  it('refuses malformed filters instead of sending them', () => {
    expect(parseFilter('bogus.RmFudGFzeQ==')).toBeNull()
    expect(parseFilter('genres')).toBeNull()
    expect(parseFilter('genres.not base64!')).toBeNull()
    expect(parseFilter(`genres.${btoa('\u00ff\u00fe')}`)).toBeNull() // not UTF-8
    expect(parseFilter('issues.x')).toBeNull()
    expect(parseFilter(`progress.${btoa('maybe')}`)).toBeNull()
    expect(normalizeFilter('genres.RmFudGFzeQ%3D%3D')).toBe('genres.RmFudGFzeQ==')
    expect(normalizeFilter('junk')).toBe('all')
  })

  it('builds bookshelf links whose ?filter= reads back to the value', () => {
    const path = bookshelfFilterPath('lib1', 'tags', 'a+b/c')
    expect(path.startsWith('/library/lib1/bookshelf?filter=tags.')).toBe(true)
    const filter = new URLSearchParams(path.split('?')[1]).get('filter')
    expect(parseFilter(filter)).toEqual({ group: 'tags', value: 'a+b/c' })
  })
})

describe('filter menu', () => {
  it('lists the groups with values from the filter data, and hides empty ones', () => {
    const groups = filterMenuGroups('book', data)
    const names = groups.map((g) => g.group)
    expect(names).toEqual([
      'genres',
      'tags',
      'series',
      'authors',
      'narrators',
      'languages',
      'publishedDecades',
      'progress',
      'missing',
      'ebooks',
      'tracks',
      'explicit',
      'abridged',
      'issues',
      'feed-open',
    ])
    expect(groups.find((g) => g.group === 'authors')?.values).toEqual([
      { value: 'a1', label: 'Aldous Fenwick' },
    ])
  })

  it('leaves book-only groups out of podcast libraries', () => {
    const names = filterMenuGroups('podcast', data).map((g) => g.group)
    expect(names).toEqual(['genres', 'tags', 'languages', 'explicit', 'issues', 'feed-open'])
  })

  it('shows names for id filters', () => {
    expect(filterValueLabel({ group: 'authors', value: 'a1' }, data)).toBe('Aldous Fenwick')
    expect(filterValueLabel({ group: 'genres', value: 'Fantasy' }, data)).toBe('Fantasy')
    expect(filterValueLabel({ group: 'series', value: 'gone' }, data)).toBeNull()
  })
})
