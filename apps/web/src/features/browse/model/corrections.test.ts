import { describe, expect, it } from 'vitest'
import { filterBy } from './filters.ts'
import { correctSortFilter, sortOptions } from './sort.ts'

const settings = (orderBy: string, filter = 'all') => ({ orderBy, filterBy: filter })

describe('sort/filter corrections between book and podcast libraries (spec §4)', () => {
  it('maps book sorts to their podcast counterparts', () => {
    expect(correctSortFilter(settings('media.metadata.authorName'), 'podcast')).toEqual({
      orderBy: 'media.metadata.author',
    })
    expect(correctSortFilter(settings('media.metadata.authorNameLF'), 'podcast')).toEqual({
      orderBy: 'media.metadata.author',
    })
    expect(correctSortFilter(settings('media.duration'), 'podcast')).toEqual({ orderBy: 'media.numTracks' })
    expect(correctSortFilter(settings('media.metadata.publishedYear'), 'podcast')).toEqual({
      orderBy: 'media.metadata.title',
    })
    expect(correctSortFilter(settings('progress'), 'podcast')).toEqual({ orderBy: 'media.metadata.title' })
  })

  it('resets book-only filters to all for podcasts and keeps the shared ones', () => {
    expect(correctSortFilter(settings('addedAt', filterBy('series', 'series-1')), 'podcast')).toEqual({
      filterBy: 'all',
    })
    expect(correctSortFilter(settings('addedAt', filterBy('narrators', 'Mara Quill')), 'podcast')).toEqual({
      filterBy: 'all',
    })
    expect(correctSortFilter(settings('addedAt', filterBy('progress', 'finished')), 'podcast')).toEqual({
      filterBy: 'all',
    })
    expect(correctSortFilter(settings('addedAt', filterBy('genres', 'News')), 'podcast')).toEqual({})
    expect(correctSortFilter(settings('addedAt', 'issues'), 'podcast')).toEqual({})
  })

  it('maps podcast sorts back for books', () => {
    expect(correctSortFilter(settings('media.metadata.author'), 'book')).toEqual({
      orderBy: 'media.metadata.authorName',
    })
    expect(correctSortFilter(settings('media.numTracks'), 'book')).toEqual({ orderBy: 'media.duration' })
    expect(
      correctSortFilter(settings('media.metadata.authorNameLF', filterBy('series', 's')), 'book'),
    ).toEqual({})
  })

  it('falls back to title for unknown sorts and to all for malformed filters', () => {
    expect(correctSortFilter(settings('nonsense'), 'book')).toEqual({ orderBy: 'media.metadata.title' })
    expect(correctSortFilter(settings('media.metadata.title', 'genres.%%%'), 'book')).toEqual({
      filterBy: 'all',
    })
    expect(
      correctSortFilter(settings('media.metadata.title', 'progress.' + btoa('halfway')), 'book'),
    ).toEqual({ filterBy: 'all' })
  })

  it('offers the series sequence only while filtering by a series, and podcast sorts for podcasts', () => {
    expect(sortOptions('book', 'all').map((o) => o.key)).not.toContain('sequence')
    expect(sortOptions('book', filterBy('series', 's1')).map((o) => o.key)).toContain('sequence')
    const podcast = sortOptions('podcast', 'all').map((o) => o.key)
    expect(podcast).toContain('media.metadata.author')
    expect(podcast).not.toContain('media.metadata.authorName')
  })
})
