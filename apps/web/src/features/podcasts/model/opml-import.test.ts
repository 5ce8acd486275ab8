import { describe, expect, it } from 'vitest'
import { distinctOpmlFeeds, opmlCreateRequest } from './opml-import.ts'

const feeds = [
  { title: 'One', feedUrl: 'https://a.example/1' },
  { title: null, feedUrl: ' https://a.example/2 ' },
  { title: 'One again', feedUrl: 'https://a.example/1' },
  { title: 'Blank', feedUrl: '  ' },
]

describe('OPML import', () => {
  it('drops repeated and blank feeds, keeping file order', () => {
    expect(distinctOpmlFeeds(feeds).map((f) => f.title)).toEqual(['One', null])
  })

  it('sends the ticked feeds in file order with the folder and auto-download choice', () => {
    const list = distinctOpmlFeeds(feeds)
    expect(
      opmlCreateRequest(list, new Set(['https://a.example/2', 'https://a.example/1']), {
        libraryId: 'lib',
        folderId: 'f1',
        autoDownloadEpisodes: true,
      }),
    ).toEqual({
      feeds: ['https://a.example/1', 'https://a.example/2'],
      libraryId: 'lib',
      folderId: 'f1',
      autoDownloadEpisodes: true,
    })
  })

  it('sends nothing without a ticked feed or a folder', () => {
    const target = { libraryId: 'lib', folderId: 'f1', autoDownloadEpisodes: false }
    expect(opmlCreateRequest(feeds, new Set(), target)).toBeNull()
    expect(opmlCreateRequest(feeds, new Set(['https://a.example/1']), { ...target, folderId: '' })).toBeNull()
  })
})
