import { describe, expect, it } from 'vitest'
import { durationSeconds, FeedError, parsePodcastFeed } from './feed-parser.ts'

const feed = (items: string, channelExtra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Tales &amp; Tunes</title>
    <link>https://example.com/show</link>
    <description>A show.</description>
    <language>en</language>
    <itunes:author>Host Person</itunes:author>
    <itunes:image href="https://example.com/cover.jpg"/>
    <itunes:explicit>yes</itunes:explicit>
    <itunes:type>serial</itunes:type>
    <itunes:category text="Arts"><itunes:category text="Books"/></itunes:category>
    <itunes:category text="Arts"/>
    ${channelExtra}
    ${items}
  </channel>
</rss>`

const item = (guid: string, extra = '') => `<item>
  <title>Episode ${guid}</title>
  <guid isPermaLink="false">${guid}</guid>
  <pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
  <enclosure url="https://example.com/${guid}.mp3" type="audio/mpeg" length="12345"/>
  <itunes:duration>1:02:03</itunes:duration>
  <itunes:season>2</itunes:season>
  <itunes:episode>5</itunes:episode>
  <itunes:episodeType>bonus</itunes:episodeType>
  <podcast:chapters url="https://example.com/${guid}.json" type="application/json+chapters"/>
  <podcast:transcript url="https://example.com/${guid}.vtt" type="text/vtt"/>
  ${extra}
</item>`

describe('parsePodcastFeed', () => {
  it('reads the channel and its episodes with the itunes: and podcast: namespaces', () => {
    const parsed = parsePodcastFeed(
      feed(
        item('a', '<content:encoded><![CDATA[<p>Hello &amp; welcome</p>]]></content:encoded>') + item('b'),
      ),
    )
    expect(parsed).toMatchObject({
      title: 'Tales & Tunes',
      author: 'Host Person',
      imageUrl: 'https://example.com/cover.jpg',
      link: 'https://example.com/show',
      language: 'en',
      explicit: true,
      type: 'serial',
      categories: ['Arts'],
      hasEpisodesWithoutPubDate: false,
    })
    expect(parsed.episodes).toHaveLength(2)
    expect(parsed.episodes[0]).toMatchObject({
      guid: 'a',
      title: 'Episode a',
      publishedAt: Date.UTC(2024, 0, 2, 10),
      enclosure: { url: 'https://example.com/a.mp3', type: 'audio/mpeg', length: 12345 },
      durationSec: 3723,
      season: '2',
      episode: '5',
      episodeType: 'bonus',
      chaptersUrl: 'https://example.com/a.json',
      transcriptUrl: 'https://example.com/a.vtt',
    })
    expect(parsed.episodes[0]?.description).toContain('Hello')
  })

  it('keeps the first of duplicate GUIDs, skips items without a usable enclosure, and flags missing dates', () => {
    const noDate =
      '<item><title>Undated</title><guid>c</guid><enclosure url="https://example.com/c.mp3"/></item>'
    const noEnclosure = '<item><title>Text only</title><guid>d</guid></item>'
    const badUrl = '<item><title>Local</title><guid>e</guid><enclosure url="file:///etc/passwd"/></item>'
    const parsed = parsePodcastFeed(feed(item('a') + item('a') + noDate + noEnclosure + badUrl))
    expect(parsed.episodes.map((e) => e.guid)).toEqual(['a', 'c'])
    expect(parsed.hasEpisodesWithoutPubDate).toBe(true)
  })

  it('refuses what is not a podcast feed with the messages the client shows', () => {
    expect(() => parsePodcastFeed('<html><body>nope')).toThrow(FeedError)
    expect(() => parsePodcastFeed('<?xml version="1.0"?><feed></feed>')).toThrow(/no RSS channel/)
    expect(() => parsePodcastFeed(feed(''))).toThrow('No episodes found in RSS feed')
  })

  it('never expands entities of a DTD (billion laughs), and refuses external entities', () => {
    const doctype = (dtd: string, title: string) => `<?xml version="1.0"?>
<!DOCTYPE lolz [${dtd}]>
<rss version="2.0"><channel><title>${title}</title>
<item><title>x</title><guid>g</guid><enclosure url="https://example.com/g.mp3"/></item></channel></rss>`
    const started = performance.now()
    const laughs = parsePodcastFeed(
      doctype(
        '<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
        '&lol2;',
      ),
    )
    expect(performance.now() - started).toBeLessThan(5000) // an expansion would not finish; a busy machine does
    expect(laughs.title).not.toContain('lollol')
    expect(() => parsePodcastFeed(doctype('<!ENTITY xxe SYSTEM "file:///etc/passwd">', '&xxe;'))).toThrow(
      FeedError,
    )
  })
})

describe('durationSeconds', () => {
  it('reads seconds, mm:ss and hh:mm:ss', () => {
    expect([
      durationSeconds('3600'),
      durationSeconds('62:03'),
      durationSeconds('1:02:03'),
      durationSeconds('x'),
      durationSeconds(null),
    ]).toEqual([3600, 3723, 3723, null, null])
  })
})
