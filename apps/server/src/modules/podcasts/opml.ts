import type { OpmlFeed } from '@shelfcast/contracts'
import { XMLValidator } from 'fast-xml-parser'
import { safeXmlParser } from '../../files/safe-xml.ts'
import { httpUrl, xmlText } from './feed-parser.ts'

/** Why an OPML file cannot be read, in the words the client shows. */
export class OpmlError extends Error {}

/** Entities are never expanded (a DTD does nothing); outlines nest as deep as 64 levels at most. */
const parser = safeXmlParser({ removeNSPrefix: false, isArray: (name) => name === 'outline' })

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const attr = (n: Node, name: string) => xmlText(n[`@_${name}`])

/**
 * The feeds of an OPML subscription list: every outline with an http(s) xmlUrl, at any depth (folders
 * of outlines), each feed once. Throws OpmlError for what is not OPML.
 */
export function parseOpml(text: string): OpmlFeed[] {
  if (XMLValidator.validate(text) !== true) throw new OpmlError('Invalid OPML: not XML')
  let doc: unknown
  try {
    doc = parser.parse(text)
  } catch {
    throw new OpmlError('Invalid OPML: unreadable')
  }
  const body = isNode(doc) && isNode(doc.opml) ? doc.opml.body : null
  if (!isNode(body)) throw new OpmlError('Invalid OPML: no body')
  const feeds: OpmlFeed[] = []
  const seen = new Set<string>()
  const walk = (outlines: unknown) => {
    for (const o of Array.isArray(outlines) ? outlines : []) {
      if (!isNode(o)) continue
      const url = httpUrl(attr(o, 'xmlUrl') ?? attr(o, 'xmlurl'))
      if (url && !seen.has(url)) {
        seen.add(url)
        feeds.push({ title: attr(o, 'title') ?? attr(o, 'text'), feedUrl: url })
      }
      walk(o.outline)
    }
  }
  walk(body.outline)
  if (feeds.length === 0) throw new OpmlError('No podcast feeds found in the OPML file')
  return feeds
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** An OPML 2.0 subscription list of podcasts (the library's export). */
export function buildOpml(
  title: string,
  podcasts: readonly { title: string; feedUrl: string }[],
  now: Date,
): string {
  const outlines = podcasts
    .map(
      (p) =>
        `    <outline type="rss" text="${escape(p.title)}" title="${escape(p.title)}" xmlUrl="${escape(p.feedUrl)}"/>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>${escape(title)}</title>
    <dateCreated>${now.toUTCString()}</dateCreated>
  </head>
  <body>
${outlines}
  </body>
</opml>
`
}
