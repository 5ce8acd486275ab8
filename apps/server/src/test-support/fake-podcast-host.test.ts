import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePodcastFeed } from '../modules/podcasts/feed-parser.ts'
import { startFakePodcastHost, type FakePodcastHost } from './fake-podcast-host.ts'

describe('fake podcast host', () => {
  let host: FakePodcastHost
  beforeAll(async () => {
    host = await startFakePodcastHost({
      podcasts: [{ slug: 'tales-and-tunes', title: 'Tales & Tunes', episodes: 3 }],
    })
  })
  afterAll(() => host.close())

  it('serves a feed the parser reads, and publishes new episodes at runtime', async () => {
    const feed = parsePodcastFeed(await (await fetch(host.feedUrl('tales-and-tunes'))).text())
    expect(feed.title).toBe('Tales & Tunes')
    expect(feed.episodes.map((e) => e.title)).toEqual(['Episode 3', 'Episode 2', 'Episode 1'])
    expect(feed.imageUrl).toBe(`${host.origin}/covers/tales-and-tunes.jpg`)
    host.publish('tales-and-tunes', { title: 'Fresh' })
    const again = parsePodcastFeed(await (await fetch(host.feedUrl('tales-and-tunes'))).text())
    expect(again.episodes[0]).toMatchObject({ title: 'Fresh', enclosure: { length: host.audio.length } })
    expect(again.episodes[0]!.publishedAt).toBeGreaterThan(again.episodes[1]!.publishedAt!)
    expect(host.requestCount('/feeds/tales-and-tunes.xml')).toBe(2)
  })

  it('serves the mp3 with its length and byte ranges', async () => {
    const url = host.podcast('tales-and-tunes').episodes[0]!.audioUrl
    const whole = await fetch(url)
    expect(whole.headers.get('content-type')).toBe('audio/mpeg')
    expect(Number(whole.headers.get('content-length'))).toBe(host.audio.length)
    expect(host.audio.length).toBeGreaterThan(1000)
    const part = await fetch(url, { headers: { Range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(host.audio.subarray(10, 20))).toBe(true)
  })

  it('answers iTunes searches filtered by term, pointing back at its feeds', async () => {
    const hit = (await (
      await fetch(`${host.itunesOrigin}/search?term=tales&media=podcast&entity=podcast`)
    ).json()) as {
      resultCount: number
      results: { feedUrl: string; collectionName: string; artworkUrl600: string }[]
    }
    expect(hit.resultCount).toBe(1)
    expect(hit.results[0]).toMatchObject({
      collectionName: 'Tales & Tunes',
      feedUrl: host.feedUrl('tales-and-tunes'),
    })
    const none = (await (await fetch(`${host.itunesOrigin}/search?term=zzz`)).json()) as {
      resultCount: number
    }
    expect(none.resultCount).toBe(0)
    expect(JSON.parse(host.env.METADATA_PROVIDER_ORIGINS)).toEqual({ itunes: host.itunesOrigin })
  })

  it('serves the bad inputs', async () => {
    const fetchText = async (mode: Parameters<FakePodcastHost['badFeedUrl']>[0]) =>
      (await fetch(host.badFeedUrl(mode))).text()
    const redirect = await fetch(host.badFeedUrl('redirect-private'), { redirect: 'manual' })
    expect(redirect.headers.get('location')).toBe('http://10.0.0.1/x')
    const notXml = await fetchText('not-xml')
    expect(() => parsePodcastFeed(notXml)).toThrow('Invalid podcast feed')
    const xxe = await fetchText('external-entity')
    expect(() => parsePodcastFeed(xxe)).toThrow('Invalid podcast feed')
    expect(parsePodcastFeed(await fetchText('billion-laughs')).title).not.toContain('lollol')
    const noItems = await (await fetch(host.badFeedUrl('no-items'))).text()
    expect(() => parsePodcastFeed(noItems)).toThrow('No episodes found in RSS feed')
    const dupes = parsePodcastFeed(await (await fetch(host.badFeedUrl('duplicate-guids'))).text())
    expect(dupes.episodes).toHaveLength(1)
    const missing = parsePodcastFeed(await (await fetch(host.badFeedUrl('missing-enclosure'))).text())
    expect((await fetch(missing.episodes[0]!.enclosure.url)).status).toBe(404)

    const stalled = parsePodcastFeed(await (await fetch(host.badFeedUrl('stalled-enclosure'))).text())
    const abort = new AbortController()
    const res = await fetch(stalled.episodes[0]!.enclosure.url, { signal: abort.signal })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    expect((await reader.read()).value?.length).toBe(64)
    const next = reader.read()
    const timeout = new Promise((r) => setTimeout(() => r('stalled'), 200))
    expect(await Promise.race([next, timeout])).toBe('stalled')
    abort.abort()
    await next.catch(() => undefined)

    const endless = await fetch(host.badFeedUrl('endless'))
    const body = endless.body!.getReader()
    let bytes = 0
    while (bytes < 5_000_000) bytes += (await body.read()).value?.length ?? 0
    await body.cancel()
    expect(bytes).toBeGreaterThanOrEqual(5_000_000)
  })
})
