import { describe, expect, it } from 'vitest'
import { libraryFixture } from '@/test/fixtures.ts'
import { feedEpisodeFixture, podcastFeedFixture, searchResultFixture } from './new-podcast-fixtures.ts'
import {
  createPodcastRequest,
  initialNewPodcastForm,
  newestEpisodes,
  podcastFolderPath,
  previewMetadata,
  type FeedPreview,
} from './new-podcast-form.ts'

const library = libraryFixture('lib', 'podcast')
const preview = (over: Partial<FeedPreview> = {}): FeedPreview => ({
  feedUrl: 'https://feeds.example/night.xml',
  feed: podcastFeedFixture(),
  result: null,
  ...over,
})

describe('previewMetadata', () => {
  it('fills what the feed lacks from the directory entry, the feed winning', () => {
    const meta = previewMetadata(
      preview({
        feed: podcastFeedFixture({ imageUrl: null, genres: [], author: null, feedUrl: null }),
        result: searchResultFixture(),
      }),
    )
    expect(meta).toMatchObject({
      imageUrl: 'https://covers.example/night.jpg',
      genres: ['History', 'Podcasts'],
      author: 'Radio Team',
      feedUrl: 'https://feeds.example/night.xml',
      itunesId: '4242',
      itunesArtistId: '77',
      itunesPageUrl: 'https://podcasts.example/night',
    })
    expect(previewMetadata(preview({ result: searchResultFixture({ cover: 'other' }) })).imageUrl).toBe(
      'https://feeds.example/night.jpg',
    )
  })

  it('takes nothing from a directory when the URL was typed', () => {
    const meta = previewMetadata(preview({ feed: podcastFeedFixture({ feedUrl: null }) }))
    expect(meta.itunesId).toBeNull()
    expect(meta.feedUrl).toBe('https://feeds.example/night.xml')
  })
})

describe('newestEpisodes', () => {
  it('sorts newest first, undated last in feed order', () => {
    const episodes = [
      feedEpisodeFixture(1),
      feedEpisodeFixture(2, { publishedAt: null }),
      feedEpisodeFixture(3),
      feedEpisodeFixture(4, { publishedAt: null }),
    ]
    expect(newestEpisodes(episodes, 10).map((e) => e.title)).toEqual([
      'Episode 3',
      'Episode 1',
      'Episode 2',
      'Episode 4',
    ])
    expect(newestEpisodes(episodes, 1).map((e) => e.title)).toEqual(['Episode 3'])
    expect(newestEpisodes(episodes, 0)).toEqual([])
  })
})

describe('podcastFolderPath', () => {
  it('joins the folder and the sanitised title with the folder separator', () => {
    expect(podcastFolderPath('/media/podcasts/', 'AC/DC: Live?')).toBe('/media/podcasts/ACDC Live')
    expect(podcastFolderPath('D:\\Podcasts', 'Show')).toBe('D:\\Podcasts\\Show')
  })
})

describe('createPodcastRequest', () => {
  it('builds the create body with the folder path, schedule choice and newest episodes', () => {
    const form = {
      ...initialNewPodcastForm(preview(), library),
      title: ' Night: Show ',
      autoDownloadEpisodes: true,
      downloadNewest: 2,
    }
    const check = createPodcastRequest(preview({ result: searchResultFixture() }), form, library)
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(check.body).toMatchObject({
      libraryId: 'lib',
      folderId: 'lib-f',
      path: '/media/lib/Night Show',
      media: {
        autoDownloadEpisodes: true,
        metadata: { title: 'Night: Show', author: 'Radio Team', itunesId: '4242' },
      },
    })
    expect(check.body.episodesToDownload?.map((e) => e.title)).toEqual(['Episode 3', 'Episode 2'])
  })

  it('sends no episodes when none are asked for', () => {
    const check = createPodcastRequest(preview(), initialNewPodcastForm(preview(), library), library)
    expect(check.ok && 'episodesToDownload' in check.body).toBe(false)
  })

  it('refuses an empty title, a title with no usable folder name and a missing folder', () => {
    const form = initialNewPodcastForm(preview(), library)
    expect(createPodcastRequest(preview(), { ...form, title: '  ' }, library)).toEqual({
      ok: false,
      errorKey: 'ToastTitleRequired',
    })
    expect(createPodcastRequest(preview(), { ...form, title: 'CON' }, library)).toEqual({
      ok: false,
      errorKey: 'ToastPodcastTitleNoFolderName',
    })
    expect(createPodcastRequest(preview(), { ...form, folderId: 'gone' }, library)).toEqual({
      ok: false,
      errorKey: 'ToastPodcastChooseFolder',
    })
  })
})
