import { XMLValidator } from 'fast-xml-parser'
import { safeXmlParser } from '../../files/safe-xml.ts'

/** An episode of a podcast feed, as Shelfcast keeps it. */
export interface FeedEpisode {
  guid: string
  title: string
  subtitle: string | null
  description: string | null
  /** Milliseconds since the epoch; null when the feed gives no (readable) date. */
  publishedAt: number | null
  enclosure: { url: string; type: string | null; length: number | null }
  durationSec: number | null
  season: string | null
  episode: string | null
  episodeType: 'full' | 'trailer' | 'bonus'
  explicit: boolean
  chaptersUrl: string | null
  transcriptUrl: string | null
}

export interface PodcastFeed {
  title: string
  author: string | null
  description: string | null
  imageUrl: string | null
  link: string | null
  language: string | null
  explicit: boolean
  type: 'episodic' | 'serial'
  categories: string[]
  episodes: FeedEpisode[]
  /** Some episodes carry no publication date (the RSS feed warning of spec §8). */
  hasEpisodesWithoutPubDate: boolean
}

/** Why a feed cannot be used, in the words the client shows (spec §8). */
export class FeedError extends Error {}

/**
 * Namespaced names stay (itunes:image is not image); entities are never expanded (a billion-laughs or
 * external-entity DTD does nothing), only the five XML ones and character references are decoded in text.
 */
const parser = safeXmlParser({
  removeNSPrefix: false,
  isArray: (name) => ['item', 'itunes:category', 'category'].includes(name),
})

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The text of an element (its own text when it has attributes), decoded; null when empty. */
export function xmlText(v: unknown): string | null {
  if (typeof v === 'string') return decode(v).trim() || null
  if (typeof v === 'number') return String(v)
  if (isNode(v)) return xmlText(v['#text'])
  if (Array.isArray(v)) return xmlText(v[0])
  return null
}

const text = xmlText
const attr = (v: unknown, name: string): string | null =>
  isNode(v) && typeof v[`@_${name}`] === 'string' ? decode(v[`@_${name}`] as string).trim() || null : null
const yes = (v: unknown) => ['yes', 'true', 'explicit'].includes((text(v) ?? '').toLowerCase())

/** itunes:duration as seconds: "3600", "1:02:03", "62:03". */
export function durationSeconds(value: string | null): number | null {
  if (!value) return null
  const parts = value.split(':').map((p) => Number.parseFloat(p))
  if (parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null
  return parts.reduce((total, p) => total * 60 + p, 0)
}

/** An http(s) URL, normalised; null for anything else (file:, javascript:, junk). */
export function httpUrl(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Parses an RSS 2.0 podcast feed (itunes: and podcast: namespaces). Throws FeedError with the spec's message. */
export function parsePodcastFeed(xml: string): PodcastFeed {
  if (XMLValidator.validate(xml) !== true) throw new FeedError('Invalid podcast feed: not XML')
  let doc: unknown
  try {
    doc = parser.parse(xml)
  } catch (err) {
    // e.g. a DOCTYPE with external entities, which the parser refuses outright.
    throw new FeedError(`Invalid podcast feed: ${err instanceof Error ? err.message : 'unreadable'}`)
  }
  const channel = isNode(doc) && isNode(doc.rss) ? doc.rss.channel : null
  if (!isNode(channel)) throw new FeedError('Invalid podcast feed: no RSS channel')

  const seen = new Set<string>()
  const episodes: FeedEpisode[] = []
  for (const item of Array.isArray(channel.item) ? channel.item : []) {
    if (!isNode(item)) continue
    const enclosureUrl = httpUrl(attr(item.enclosure, 'url'))
    if (!enclosureUrl) continue
    const guid = text(item.guid) ?? enclosureUrl
    // Duplicate GUIDs: the first one counts (feeds list newest first).
    if (seen.has(guid)) continue
    seen.add(guid)
    const date = text(item.pubDate)
    const publishedAt = date ? Date.parse(date) : Number.NaN
    const type = (text(item['itunes:episodeType']) ?? 'full').toLowerCase()
    const length = Number.parseInt(attr(item.enclosure, 'length') ?? '', 10)
    episodes.push({
      guid,
      title: text(item.title) ?? text(item['itunes:title']) ?? 'Untitled episode',
      subtitle: text(item['itunes:subtitle']),
      description: text(item['content:encoded']) ?? text(item.description) ?? text(item['itunes:summary']),
      publishedAt: Number.isFinite(publishedAt) ? publishedAt : null,
      enclosure: {
        url: enclosureUrl,
        type: attr(item.enclosure, 'type'),
        length: Number.isFinite(length) && length >= 0 ? length : null,
      },
      durationSec: durationSeconds(text(item['itunes:duration'])),
      season: text(item['itunes:season']),
      episode: text(item['itunes:episode']),
      episodeType: type === 'trailer' || type === 'bonus' ? type : 'full',
      explicit: yes(item['itunes:explicit']),
      chaptersUrl: httpUrl(attr(item['podcast:chapters'], 'url')),
      transcriptUrl: httpUrl(
        attr(
          Array.isArray(item['podcast:transcript'])
            ? item['podcast:transcript'][0]
            : item['podcast:transcript'],
          'url',
        ),
      ),
    })
  }
  if (episodes.length === 0) throw new FeedError('No episodes found in RSS feed')

  const categories = (Array.isArray(channel['itunes:category']) ? channel['itunes:category'] : [])
    .map((c) => attr(c, 'text'))
    .filter((c): c is string => !!c)
  return {
    title: text(channel.title) ?? 'Untitled podcast',
    author:
      text(channel['itunes:author']) ??
      text(
        channel['itunes:owner'] && isNode(channel['itunes:owner'])
          ? channel['itunes:owner']['itunes:name']
          : null,
      ),
    description: text(channel.description) ?? text(channel['itunes:summary']),
    imageUrl:
      httpUrl(attr(channel['itunes:image'], 'href')) ??
      httpUrl(isNode(channel.image) ? text(channel.image.url) : null),
    link: httpUrl(text(channel.link)),
    language: text(channel.language),
    explicit: yes(channel['itunes:explicit']),
    type: (text(channel['itunes:type']) ?? '').toLowerCase() === 'serial' ? 'serial' : 'episodic',
    categories: [...new Set(categories)],
    episodes,
    hasEpisodesWithoutPubDate: episodes.some((e) => e.publishedAt === null),
  }
}
