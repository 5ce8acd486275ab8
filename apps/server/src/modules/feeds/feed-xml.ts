import type { FeedDocument, FeedEpisode } from './feed-model.ts'
import { element, emptyElement, xmlText } from './xml-text.ts'

/** hh:mm:ss for itunes:duration; hh:mm:ss.mmm for Podlove Simple Chapters. */
function clock(seconds: number, millis = false): string {
  const total = Math.max(0, seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = Math.floor(total % 60)
  const two = (n: number) => String(n).padStart(2, '0')
  const base = `${two(h)}:${two(m)}:${two(s)}`
  return millis ? `${base}.${String(Math.floor((total % 1) * 1000)).padStart(3, '0')}` : base
}

const rfc822 = (ms: number) => new Date(ms).toUTCString()

function itemXml(e: FeedEpisode): string {
  const chapters = e.chapters.length
    ? `<psc:chapters version="1.2">${e.chapters
        .map((c) => emptyElement('psc:chapter', { start: clock(c.start, true), title: c.title }))
        .join('')}</psc:chapters>`
    : ''
  return (
    '<item>' +
    element('title', e.title) +
    element('itunes:title', e.title) +
    element('description', e.description) +
    element('guid', e.guid, { isPermaLink: 'false' }) +
    (e.pubDateMs !== null ? element('pubDate', rfc822(e.pubDateMs)) : '') +
    emptyElement('enclosure', { url: e.enclosure.url, length: e.enclosure.size, type: e.enclosure.type }) +
    element('itunes:duration', clock(e.duration)) +
    element('itunes:season', e.season) +
    element('itunes:episode', e.episode) +
    element('itunes:episodeType', e.episodeType) +
    chapters +
    '</item>'
  )
}

/**
 * The RSS 2.0 document with the itunes, podcast and psc namespaces. Every text and attribute goes through
 * `xmlText`, so whatever titles and descriptions hold, the document stays well-formed.
 */
export function feedXml(doc: FeedDocument): string {
  const owner =
    doc.ownerName || doc.ownerEmail
      ? `<itunes:owner>${element('itunes:name', doc.ownerName)}${element('itunes:email', doc.ownerEmail)}</itunes:owner>`
      : ''
  const categories = doc.categories.map((c) => emptyElement('itunes:category', { text: c })).join('')
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"' +
      ' xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:psc="http://podlove.org/simple-chapters"' +
      ' xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', doc.title),
    element('description', doc.description ?? doc.title),
    element('link', doc.link),
    emptyElement('atom:link', { href: doc.feedUrl, rel: 'self', type: 'application/rss+xml' }),
    `<image>${element('url', doc.imageUrl)}${element('title', doc.title)}${element('link', doc.link)}</image>`,
    emptyElement('itunes:image', { href: doc.imageUrl }),
    element('language', doc.language),
    element('lastBuildDate', rfc822(doc.lastModifiedMs)),
    element('generator', 'Shelfcast'),
    element('itunes:author', doc.author),
    element('itunes:summary', doc.description),
    element('itunes:type', doc.type),
    element('itunes:explicit', doc.explicit ? 'true' : 'false'),
    categories,
    owner,
    doc.preventIndexing ? element('itunes:block', 'Yes') : '',
    doc.episodes.map(itemXml).join(''),
    '</channel>',
    '</rss>',
  ]
  return parts.join('\n')
}

export { xmlText }
