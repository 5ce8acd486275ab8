import { describe, expect, it } from 'vitest'
import { availableTabs, resolveTab, shelfNeighbours, type TabItemFacts } from './tab-rules.ts'

const audiobook: TabItemFacts = { mediaType: 'book', numAudioFiles: 2, hasEbook: false }
const all = { update: true, download: true }

describe('availableTabs', () => {
  it('gives a book every tab with update and download', () => {
    expect(availableTabs(audiobook, all)).toEqual(['details', 'cover', 'chapters', 'files', 'match'])
  })

  it('gives no tabs without update or download', () => {
    expect(availableTabs(audiobook, { update: false, download: false })).toEqual([])
  })

  it('needs download for files and update for the rest', () => {
    expect(availableTabs(audiobook, { update: false, download: true })).toEqual(['files'])
    expect(availableTabs(audiobook, { update: true, download: false })).toEqual([
      'details',
      'cover',
      'chapters',
      'match',
    ])
  })

  it('hides chapters for ebook-only books but keeps them for books with audio and an ebook', () => {
    expect(availableTabs({ mediaType: 'book', numAudioFiles: 0, hasEbook: true }, all)).toEqual([
      'details',
      'cover',
      'files',
      'match',
    ])
    expect(availableTabs({ ...audiobook, hasEbook: true }, all)).toContain('chapters')
  })

  it('gives podcasts details, cover, episodes and files, and the schedule to admins', () => {
    const podcast: TabItemFacts = { mediaType: 'podcast', numAudioFiles: 0, hasEbook: false }
    expect(availableTabs(podcast, all)).toEqual(['details', 'cover', 'episodes', 'files'])
    expect(availableTabs(podcast, { ...all, admin: true })).toEqual([
      'details',
      'cover',
      'episodes',
      'files',
      'schedule',
    ])
    expect(availableTabs(podcast, { update: false, download: true, admin: true })).toEqual(['files'])
    expect(availableTabs(audiobook, { ...all, admin: true })).not.toContain('schedule')
  })
})

describe('the tools tab', () => {
  it('is for admins, on books with audio that are not missing', () => {
    expect(availableTabs(audiobook, { ...all, admin: true })).toContain('tools')
    expect(availableTabs(audiobook, all)).not.toContain('tools')
    expect(availableTabs({ ...audiobook, isMissing: true }, { ...all, admin: true })).not.toContain('tools')
    expect(
      availableTabs({ ...audiobook, numAudioFiles: 0, hasEbook: true }, { ...all, admin: true }),
    ).not.toContain('tools')
    const podcast: TabItemFacts = { mediaType: 'podcast', numAudioFiles: 0, hasEbook: false }
    expect(availableTabs(podcast, { ...all, admin: true })).not.toContain('tools')
  })
})

describe('resolveTab', () => {
  it('keeps an allowed tab, else takes the first allowed, else none', () => {
    expect(resolveTab('chapters', ['details', 'chapters'])).toBe('chapters')
    expect(resolveTab('chapters', ['files'])).toBe('files')
    expect(resolveTab('details', [])).toBeNull()
  })
})

describe('shelfNeighbours', () => {
  it('finds the books on either side, skipping pages not loaded', () => {
    const ids = ['a', undefined, 'b', 'c']
    expect(shelfNeighbours(ids, 'b')).toEqual({ previous: 'a', next: 'c' })
    expect(shelfNeighbours(ids, 'a')).toEqual({ previous: null, next: 'b' })
    expect(shelfNeighbours(ids, 'c')).toEqual({ previous: 'b', next: null })
    expect(shelfNeighbours(ids, 'zz')).toEqual({ previous: null, next: null })
  })
})
