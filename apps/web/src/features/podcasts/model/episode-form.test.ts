import type { FeedEpisode, PodcastEpisode } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  applyFeedEpisode,
  episodeToForm,
  episodeUpdateBody,
  fromLocalInput,
  neighbourIds,
  toLocalInput,
} from './episode-form.ts'

const episode = {
  id: 'e1',
  title: 'Pilot',
  subtitle: null,
  season: '1',
  episode: '1',
  episodeType: 'full',
  description: '<p>Hi</p>',
  publishedAt: new Date(2024, 0, 2, 9, 30).getTime(),
  pubDate: 'Tue, 02 Jan 2024 09:30:00 GMT',
  guid: 'g1',
  enclosure: { url: 'https://a.test/1.mp3', type: 'audio/mpeg', length: '10' },
} as PodcastEpisode

describe('episode edit form', () => {
  it('round-trips an untouched episode to no update', () => {
    expect(episodeUpdateBody(episodeToForm(episode), episode)).toBeNull()
  })

  it('sends only the changed fields; blank text is null; a new date sends ms and an RFC 822 date', () => {
    const form = { ...episodeToForm(episode), title: ' Pilot (remastered) ', season: ' ', subtitle: 'Sub' }
    form.episodeType = 'bonus'
    form.pubDate = '2024-02-03T10:00'
    const at = new Date(2024, 1, 3, 10, 0).getTime()
    expect(episodeUpdateBody(form, episode)).toEqual({
      title: 'Pilot (remastered)',
      subtitle: 'Sub',
      season: null,
      episodeType: 'bonus',
      publishedAt: at,
      pubDate: new Date(at).toUTCString(),
    })
    expect(episodeUpdateBody({ ...episodeToForm(episode), pubDate: '' }, episode)).toEqual({
      publishedAt: null,
      pubDate: null,
    })
  })

  it('applies a feed match over the form, keeping fields the feed lacks', () => {
    const feed = {
      guid: 'g2',
      title: 'Pilot!',
      subtitle: null,
      description: 'From the feed',
      publishedAt: new Date(2024, 0, 5, 8, 0).getTime(),
      season: null,
      episode: '1',
      episodeType: 'trailer',
      enclosure: { url: 'https://a.test/new.mp3', type: null, length: null },
    } as FeedEpisode
    const form = applyFeedEpisode(episodeToForm(episode), feed)
    expect(form).toMatchObject({
      title: 'Pilot!',
      season: '1',
      episodeType: 'trailer',
      pubDate: '2024-01-05T08:00',
    })
    expect(episodeUpdateBody(form, episode)).toMatchObject({
      title: 'Pilot!',
      description: 'From the feed',
      guid: 'g2',
      episodeType: 'trailer',
      enclosure: { url: 'https://a.test/new.mp3', type: null, length: null },
    })
  })

  it('converts datetime-local values both ways', () => {
    expect(toLocalInput(null)).toBe('')
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('garbage')).toBeNull()
    const ms = new Date(2023, 11, 31, 23, 59).getTime()
    expect(fromLocalInput(toLocalInput(ms))).toBe(ms)
  })

  it("finds the table order's neighbours", () => {
    expect(neighbourIds(['a', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c' })
    expect(neighbourIds(['a', 'b'], 'a')).toEqual({ previous: null, next: 'b' })
    expect(neighbourIds(['a'], 'x')).toEqual({ previous: null, next: null })
  })
})
