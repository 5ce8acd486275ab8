import fs from 'node:fs'
import { XMLValidator } from 'fast-xml-parser'
import { safeXmlParser } from '../files/safe-xml.ts'
import { z } from 'zod'
import { CLEARABLE_FIELDS, type BookMeta, type BookMetaDraft, type SeriesEntry } from './book-meta.ts'
import { splitPersonNames } from './names.ts'
import { cleanText, parseSeriesString, splitList, TEXT_LIMITS, uniqueStrings, yearOf } from './text.ts'

/** Metadata files are small; anything bigger is not one and is skipped rather than read into memory. */
export const MAX_METADATA_FILE_BYTES = 1024 * 1024

/** Reads a small text file, or throws when it is larger than the bound. */
export async function readBoundedText(file: string, maxBytes = MAX_METADATA_FILE_BYTES): Promise<string> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const { size } = await handle.stat()
    if (size > maxBytes) throw new Error(`file is larger than ${maxBytes} bytes`)
    const buf = Buffer.alloc(size)
    const { bytesRead } = await handle.read(buf, 0, size, 0)
    return buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
  } finally {
    await handle.close()
  }
}

const long = (v: unknown) => cleanText(v, TEXT_LIMITS.long)
const stringList = z.array(z.unknown()).transform((a) => uniqueStrings(a.map((x) => cleanText(x))))
const optText = z.unknown().transform((v) => cleanText(v))

/** Audiobookshelf's metadata.json for books (also what its "store metadata with item" writes). */
const AbsBookJson = z.object({
  title: optText.optional(),
  subtitle: optText.optional(),
  authors: stringList.optional().catch(undefined),
  narrators: stringList.optional().catch(undefined),
  series: stringList.optional().catch(undefined),
  genres: stringList.optional().catch(undefined),
  tags: stringList.optional().catch(undefined),
  publishedYear: optText.optional(),
  publishedDate: optText.optional(),
  publisher: optText.optional(),
  description: z
    .unknown()
    .transform((v) => long(v))
    .optional(),
  isbn: optText.optional(),
  asin: optText.optional(),
  language: optText.optional(),
  explicit: z.boolean().optional().catch(undefined),
  abridged: z.boolean().optional().catch(undefined),
  chapters: z
    .array(z.object({ start: z.number().min(0), end: z.number().min(0), title: z.unknown() }))
    .optional()
    .catch(undefined),
})

/** Parses a book metadata.json; throws on malformed JSON (the caller logs and skips it). */
export function parseAbsBookJson(text: string): BookMetaDraft {
  const raw: unknown = JSON.parse(text)
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('metadata.json is not an object')
  const j = AbsBookJson.parse(raw)
  const draft: BookMetaDraft = {
    title: j.title,
    subtitle: j.subtitle,
    authors: j.authors,
    narrators: j.narrators,
    series: j.series?.map((s) => parseSeriesString(s)).filter((s): s is SeriesEntry => s !== null),
    genres: j.genres,
    tags: j.tags,
    publishedYear: yearOf(j.publishedYear),
    publishedDate: j.publishedDate,
    publisher: j.publisher,
    description: j.description,
    isbn: j.isbn,
    asin: j.asin,
    language: j.language,
    explicit: j.explicit,
    abridged: j.abridged,
  }
  // Keys written empty on purpose (an edit cleared them) empty the field, even over earlier sources.
  const given = raw as Record<string, unknown>
  draft.clears = CLEARABLE_FIELDS.filter((key) => {
    const v = given[key]
    return key in given && (v === null || v === '' || (Array.isArray(v) && v.length === 0))
  })
  if (j.chapters?.length) {
    draft.chapters = j.chapters
      .filter((c) => c.end >= c.start)
      .map((c, i) => ({ id: i, start: c.start, end: c.end, title: cleanText(c.title) ?? `Chapter ${i + 1}` }))
  }
  return draft
}

/**
 * A book's metadata.json in Audiobookshelf's layout (what an edit writes so it survives rescans): every
 * field present, empty ones as null or [], series as "Name #sequence".
 */
export function toAbsBookJson(
  meta: Omit<BookMeta, 'chapters'>,
  chapters: readonly { start: number; end: number; title: string }[],
) {
  return {
    tags: meta.tags,
    chapters: chapters.map((c, id) => ({ id, start: c.start, end: c.end, title: c.title })),
    title: meta.title,
    subtitle: meta.subtitle,
    authors: meta.authors,
    narrators: meta.narrators,
    series: meta.series.map((x) => (x.sequence ? `${x.name} #${x.sequence}` : x.name)),
    genres: meta.genres,
    publishedYear: meta.publishedYear,
    publishedDate: meta.publishedDate,
    publisher: meta.publisher,
    description: meta.description,
    isbn: meta.isbn,
    asin: meta.asin,
    language: meta.language,
    explicit: meta.explicit,
    abridged: meta.abridged,
  }
}

/** The podcast fields a podcast folder's metadata.json may carry. */
export interface PodcastMetaDraft {
  title?: string | null
  author?: string | null
  description?: string | null
  releaseDate?: string | null
  genres?: string[]
  tags?: string[]
  feedUrl?: string | null
  imageUrl?: string | null
  itunesPageUrl?: string | null
  itunesId?: string | null
  itunesArtistId?: string | null
  explicit?: boolean
  language?: string | null
  type?: 'episodic' | 'serial' | null
}

const AbsPodcastJson = z.object({
  title: optText.optional(),
  author: optText.optional(),
  description: z
    .unknown()
    .transform((v) => long(v))
    .optional(),
  releaseDate: optText.optional(),
  genres: stringList.optional().catch(undefined),
  tags: stringList.optional().catch(undefined),
  feedUrl: optText.optional(),
  imageUrl: optText.optional(),
  itunesPageUrl: optText.optional(),
  itunesId: optText.optional(),
  itunesArtistId: optText.optional(),
  explicit: z.boolean().optional().catch(undefined),
  language: optText.optional(),
  type: z.enum(['episodic', 'serial']).optional().catch(undefined),
})

export function parseAbsPodcastJson(text: string): PodcastMetaDraft {
  const raw: unknown = JSON.parse(text)
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('metadata.json is not an object')
  return AbsPodcastJson.parse(raw)
}

/**
 * XML for metadata files: entities are never expanded (no DTD, no billion laughs), attributes kept,
 * namespace prefixes dropped so `dc:title` and `title` read alike; nesting bounded.
 */
const xmlParser = safeXmlParser({ removeNSPrefix: true })

/** Parses well-formed XML only: a truncated or malformed file, or one declaring entities, is refused, not half-read. */
export function parseXml(text: string): unknown {
  // Entities are never expanded, so a declared one would stay as `&name;` text: refuse the document.
  if (/<!ENTITY/i.test(text)) throw new Error('XML declares entities (refused)')
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new Error(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`)
  return xmlParser.parse(text)
}

type XmlNode = Record<string, unknown>
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
const isNode = (v: unknown): v is XmlNode => !!v && typeof v === 'object' && !Array.isArray(v)
/** The text of an element that may carry attributes (`{#text, @_attr}`) or be a bare string. */
const textOf = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return cleanText(String(v), TEXT_LIMITS.long)
  if (isNode(v)) return textOf(v['#text'])
  return null
}
const attr = (v: unknown, name: string): string | null => (isNode(v) ? cleanText(v[`@_${name}`]) : null)

/** Minimal unescaping of the five XML entities and numeric references (entities themselves are never expanded). */
function unescapeXml(s: string | null): string | null {
  if (s === null) return null
  return s
    .replace(/&#(\d{1,7});/g, (m: string, d: string) => safeCodePoint(Number(d)) ?? m)
    .replace(/&#x([0-9a-f]{1,6});/gi, (m: string, h: string) => safeCodePoint(Number.parseInt(h, 16)) ?? m)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}
function safeCodePoint(n: number): string | null {
  return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : null
}
const xmlText = (v: unknown) => unescapeXml(textOf(v))

/** The `<metadata>` element of an OPF package, or null. */
function opfMetadata(doc: unknown): XmlNode | null {
  if (!isNode(doc)) return null
  const pkg = doc.package
  const pkgNode = Array.isArray(pkg) ? pkg[0] : pkg
  if (!isNode(pkgNode)) return null
  const meta = Array.isArray(pkgNode.metadata) ? pkgNode.metadata[0] : pkgNode.metadata
  if (!isNode(meta)) return null
  // Old OPF 2 files may nest dc-metadata inside metadata.
  return isNode(meta['dc-metadata']) ? { ...meta, ...meta['dc-metadata'] } : meta
}

/** An OPF (`metadata.opf`, calibre's or an EPUB's package document) as book metadata. */
export function parseOpf(text: string): BookMetaDraft {
  const meta = opfMetadata(parseXml(text))
  if (!meta) throw new Error('not an OPF package')
  const creators = asArray(meta.creator)
  const withRole = (role: string | null) =>
    creators.filter((c) => {
      const r = (attr(c, 'role') ?? '').toLowerCase()
      return role === null ? r === '' || r === 'aut' : r === role
    })
  const authors = uniqueStrings(withRole(null).flatMap((c) => splitPersonNames(xmlText(c))))
  const narrators = uniqueStrings(withRole('nrt').flatMap((c) => splitPersonNames(xmlText(c))))
  const metas = asArray(meta.meta)
  const named = (name: string) => {
    const m = metas.find((x) => attr(x, 'name') === name)
    return m ? unescapeXml(attr(m, 'content')) : null
  }
  const identifiers = asArray(meta.identifier)
  const identifier = (scheme: string) => {
    for (const id of identifiers) {
      const s = (attr(id, 'scheme') ?? '').toLowerCase()
      const value = xmlText(id)
      if (!value) continue
      if (s === scheme) return value
      if (value.toLowerCase().startsWith(`urn:${scheme}:`)) return value.slice(scheme.length + 5)
    }
    return null
  }
  const series: SeriesEntry[] = []
  const calibreSeries = named('calibre:series')
  if (calibreSeries) {
    const index = named('calibre:series_index')
    series.push({ name: calibreSeries, sequence: index ? String(Number(index)) : null })
  }
  const date = xmlText(asArray(meta.date)[0])
  const language = xmlText(asArray(meta.language)[0])
  return {
    title: xmlText(asArray(meta.title)[0]),
    subtitle: named('calibre:subtitle'),
    authors,
    narrators,
    series,
    genres: uniqueStrings(asArray(meta.subject).flatMap((s) => splitList(xmlText(s)))),
    publishedYear: yearOf(date),
    publishedDate: date,
    publisher: xmlText(asArray(meta.publisher)[0]),
    description: unescapeXml(cleanText(textOf(asArray(meta.description)[0]), TEXT_LIMITS.long)),
    isbn: identifier('isbn'),
    asin: identifier('asin') ?? identifier('mobi-asin') ?? identifier('amazon'),
    language,
  }
}

/** An NFO (the text files audiobook rippers write): `Key: Value` lines and a "Book Description" section. */
export function parseNfo(text: string): BookMetaDraft {
  const draft: BookMetaDraft = {}
  let seriesName: string | null = null
  let sequence: string | null = null
  let description: string[] | null = null
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*book description\s*$/i.test(line)) {
      description = []
      continue
    }
    if (description) {
      if (!/^\s*=+\s*$/.test(line)) description.push(line)
      continue
    }
    const m = /^\s*([^:]{1,40}?)\s*:\s*(.*)$/.exec(line)
    if (!m?.[1]) continue
    const value = cleanText(m[2])
    if (!value) continue
    switch (m[1].toLowerCase()) {
      case 'title':
        draft.title = value
        break
      case 'subtitle':
        draft.subtitle = value
        break
      case 'author':
      case 'authors':
        draft.authors = splitPersonNames(value)
        break
      case 'narrator':
      case 'narrators':
      case 'read by':
        draft.narrators = splitPersonNames(value)
        break
      case 'series':
      case 'series name':
        seriesName = value
        break
      case 'position in series':
      case 'series position':
        sequence = value
        break
      case 'genre':
      case 'genres':
        draft.genres = splitList(value)
        break
      case 'publisher':
        draft.publisher = value
        break
      case 'release date':
      case 'date':
      case 'year':
      case 'copyright':
        draft.publishedYear ??= yearOf(value)
        break
      case 'asin':
        draft.asin = value
        break
      case 'isbn':
      case 'isbn-10':
      case 'isbn-13':
        draft.isbn = value
        break
      case 'language':
        draft.language = value
        break
      case 'unabridged':
        draft.abridged = !/^(yes|true|1)$/i.test(value)
        break
      case 'abridged':
        draft.abridged = /^(yes|true|1)$/i.test(value)
        break
    }
  }
  if (seriesName) draft.series = [{ name: seriesName, sequence }]
  if (description) draft.description = cleanText(description.join('\n'), TEXT_LIMITS.long)
  return draft
}

/** desc.txt: the description, as written. */
export const parseDescTxt = (text: string): BookMetaDraft => ({
  description: cleanText(text, TEXT_LIMITS.long),
})

/** reader.txt: narrators, one per line or separated like author names. */
export const parseReaderTxt = (text: string): BookMetaDraft => ({
  narrators: uniqueStrings(text.split(/\r?\n/).flatMap((line) => splitPersonNames(line))),
})
