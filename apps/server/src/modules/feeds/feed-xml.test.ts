import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { parseFeed } from 'podcast-partytime'
import { describe, expect, it } from 'vitest'
import type { FeedDocument } from './feed-model.ts'
import { feedXml } from './feed-xml.ts'
import { xmlText } from './xml-text.ts'

const invalidUtf8 = Buffer.from([0x41, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x42]).toString('utf8')
const HOSTILE = [
  'ends a section ]]> early',
  '<script>alert("x")</script>',
  'controls \u0000\u0001\u0008\u000b\u000c\u001f\u007f kept out',
  `invalid UTF-8: ${invalidUtf8}`,
  'lone surrogates \ud800 and \udfff, a pair \ud83d\ude00 kept',
  'entities &amp; &lt; & < > " \' &#0; &#xD800;',
  'noncharacters \ufffe\uffff',
  '<![CDATA[ inner ]]>',
]

function doc(text: string): FeedDocument {
  return {
    title: text,
    description: text,
    author: text,
    link: 'https://example.org/item/1?a=1&b=2',
    imageUrl: 'https://example.org/feed/s/cover.jpg',
    feedUrl: 'https://example.org/feed/s',
    categories: [text],
    explicit: false,
    type: 'serial',
    language: text,
    preventIndexing: true,
    ownerName: text,
    ownerEmail: text,
    lastModifiedMs: Date.UTC(2026, 0, 1),
    coverItemId: null,
    hasEpisodesWithoutPubDate: false,
    episodes: [
      {
        id: 'i_1',
        guid: text,
        title: text,
        description: text,
        pubDateMs: Date.UTC(2026, 0, 1),
        enclosure: { url: 'https://example.org/feed/s/item/i_1/media.mp3', type: 'audio/mpeg', size: 10 },
        duration: 3725.5,
        season: '1',
        episode: '2',
        episodeType: 'full',
        chapters: [{ start: 1.25, title: text }],
        libraryItemId: 'i',
        episodeId: null,
        trackIndex: 1,
      },
    ],
  }
}

/** Well-formed XML 1.0 by a validator and by the Char production checked over every code point. */
function expectWellFormed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  for (const ch of xml) {
    const cp = ch.codePointAt(0) ?? 0
    const allowed =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff)
    expect(allowed, `U+${cp.toString(16)}`).toBe(true)
  }
}

describe('feed XML', () => {
  it.each(HOSTILE)('stays well-formed and keeps the text as text: %j', (text) => {
    const xml = feedXml(doc(text))
    expectWellFormed(xml)
    // The round trip gives the text back, markup included, less what XML cannot carry.
    const parsed = new XMLParser({
      ignoreAttributes: false,
      processEntities: true,
      htmlEntities: false,
    }).parse(xml) as { rss: { channel: { title: string } } }
    const expected = xmlText(text)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .trim()
    expect(String(parsed.rss.channel.title)).toBe(expected)
    const feed = parseFeed(xml)
    expect(feed?.items).toHaveLength(1)
    expect(feed?.items[0]?.enclosure.url).toBe('https://example.org/feed/s/item/i_1/media.mp3')
    expect(xml).not.toContain('<script>')
    expect(xml.match(/]]>/g) ?? []).toHaveLength(0)
  })

  it('writes the channel and item fields podcast apps read', () => {
    const xml = feedXml(doc('Plain'))
    expect(xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"')
    expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"')
    expect(xml).toContain('<itunes:block>Yes</itunes:block>')
    expect(xml).toContain('<itunes:duration>01:02:05</itunes:duration>')
    expect(xml).toContain('<psc:chapter start="00:00:01.250" title="Plain"/>')
    expect(xml).toContain('<link>https://example.org/item/1?a=1&amp;b=2</link>')
    const feed = parseFeed(xml)
    expect(feed).toMatchObject({
      title: 'Plain',
      itunesType: 'serial',
      owner: { name: 'Plain', email: 'Plain' },
    })
    expect(feed?.items[0]).toMatchObject({ itunesSeason: 1, itunesEpisode: 2, duration: 3725 })
    expect(feedXml({ ...doc('Plain'), preventIndexing: false })).not.toContain('itunes:block')
  })

  it('drops what XML 1.0 forbids and turns lone surrogates into U+FFFD', () => {
    expect(xmlText('a\u0000b\u001fc\tk')).toBe('abc\tk')
    expect(xmlText('x\ud800y')).toBe('x\ufffdy')
    expect(xmlText('\ud83d\ude00')).toBe('\ud83d\ude00')
    expect(xmlText(']]>')).toBe(']]&gt;')
  })
})
