import { podcastSearchRegions } from '@shelfcast/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  initialSearchRegion,
  parseSearchInput,
  podcastInLibrary,
  rememberSearchRegion,
  sameFeedUrl,
  SEARCH_REGION_STORAGE_KEY,
  type PodcastTitle,
} from './add-podcast-search.ts'

describe('parseSearchInput', () => {
  it('treats an http(s) URL as a feed and anything else as a term', () => {
    expect(parseSearchInput('  https://feeds.example/show.xml ')).toEqual({
      kind: 'feed',
      url: 'https://feeds.example/show.xml',
    })
    expect(parseSearchInput('HTTP://a.b/rss')).toEqual({ kind: 'feed', url: 'HTTP://a.b/rss' })
    expect(parseSearchInput('history podcast')).toEqual({ kind: 'term', term: 'history podcast' })
    expect(parseSearchInput('https://a.b/rss and more')).toEqual({
      kind: 'term',
      term: 'https://a.b/rss and more',
    })
    expect(parseSearchInput('ftp://a.b/rss')).toEqual({ kind: 'term', term: 'ftp://a.b/rss' })
    expect(parseSearchInput('   ')).toBeNull()
  })
})

describe('search region', () => {
  beforeEach(() => localStorage.clear())

  it('has the 28 iTunes stores', () => {
    expect(podcastSearchRegions).toHaveLength(28)
  })

  it("starts with the library's region, else us", () => {
    expect(initialSearchRegion('lib1', 'gb')).toBe('gb')
    expect(initialSearchRegion('lib1', 'DE')).toBe('de')
    expect(initialSearchRegion('lib1', 'xx')).toBe('us')
    expect(initialSearchRegion('lib1', undefined)).toBe('us')
  })

  it('remembers the choice per library and ignores unknown stored codes', () => {
    rememberSearchRegion('lib1', 'jp')
    rememberSearchRegion('lib2', 'fr')
    expect(initialSearchRegion('lib1', 'gb')).toBe('jp')
    expect(initialSearchRegion('lib2', 'gb')).toBe('fr')
    expect(initialSearchRegion('lib3', 'gb')).toBe('gb')
    localStorage.setItem(SEARCH_REGION_STORAGE_KEY, JSON.stringify({ lib1: 'zz' }))
    expect(initialSearchRegion('lib1', 'gb')).toBe('gb')
    localStorage.setItem(SEARCH_REGION_STORAGE_KEY, '{broken')
    expect(initialSearchRegion('lib1', 'ca')).toBe('ca')
  })
})

describe('podcastInLibrary', () => {
  const titles: PodcastTitle[] = [
    {
      title: 'One',
      itunesId: '111',
      feedUrl: 'https://one.example/feed',
      libraryItemId: 'li1',
      libraryId: 'l',
    },
    {
      title: 'Two',
      itunesId: null,
      feedUrl: 'http://Two.example/rss/',
      libraryItemId: 'li2',
      libraryId: 'l',
    },
  ]

  it('matches the iTunes id or the feed URL', () => {
    expect(podcastInLibrary({ itunesId: '111', feedUrl: null }, titles)?.libraryItemId).toBe('li1')
    expect(
      podcastInLibrary({ itunesId: '5', feedUrl: 'https://two.example/rss' }, titles)?.libraryItemId,
    ).toBe('li2')
    expect(podcastInLibrary({ itunesId: '5', feedUrl: 'https://three.example/rss' }, titles)).toBeNull()
    // Two podcasts without ids or feeds are not the same podcast.
    expect(podcastInLibrary({ itunesId: null, feedUrl: null }, [{ ...titles[1]!, feedUrl: null }])).toBeNull()
  })

  it('compares feed URLs loosely', () => {
    expect(sameFeedUrl(' https://a.example/x/ ', 'http://A.example/x')).toBe(true)
    expect(sameFeedUrl('https://a.example/x', 'https://a.example/y')).toBe(false)
    expect(sameFeedUrl(null, null)).toBe(false)
  })
})
