import fs from 'node:fs/promises'
import path from 'node:path'
import yauzl from 'yauzl'
import type { BookMetaDraft } from './book-meta.ts'
import { extOf, naturalCompare } from './file-types.ts'
import { parseOpf, parseXml } from './metadata-files.ts'

/** Bounds for reading inside an archive: entry count, XML size, image size. */
const MAX_ENTRIES = 20_000
const MAX_XML_BYTES = 1024 * 1024
export const MAX_COVER_BYTES = 20 * 1024 * 1024
/**
 * A zip declaring more than this many times its own size uncompressed (and more than the floor below) is a
 * zip bomb: deflate tops out near 1000:1 on degenerate input, while ebook text and markup compress 3-10:1
 * and images not at all.
 */
const ZIP_BOMB_RATIO = 100
const ZIP_BOMB_FLOOR_BYTES = 64 * 1024 * 1024
/** How much of a PDF's start and end is read for its `%PDF-` header and `%%EOF` trailer (as readers do). */
const PDF_PROBE_BYTES = 1024

/** An ebook that is damaged or hostile; its message is the reason the item is flagged invalid. */
export class DamagedEbook extends Error {}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/** Preference for the primary ebook of an item when it holds several. */
export const EBOOK_PREFERENCE = ['epub', 'pdf', 'mobi', 'azw3', 'cbz', 'cbr'] as const

/** A zip opened for bounded reads of a few named entries. Entries are never written anywhere by name. */
class BoundedZip {
  private readonly zip: yauzl.ZipFile
  readonly entries: Map<string, yauzl.Entry>
  private constructor(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
    this.zip = zip
    this.entries = entries
  }

  /**
   * Reads the central directory only (no entry is inflated) and refuses, as a DamagedEbook, what is not a
   * zip, an entry name that is absolute or climbs out (yauzl checks each name), too many entries, and
   * declared sizes of a zip bomb.
   */
  static open(file: string): Promise<BoundedZip> {
    return new Promise((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => {
        if (err || !zip)
          return reject(new DamagedEbook(`not a valid zip archive (${err?.message ?? 'unreadable'})`))
        const entries = new Map<string, yauzl.Entry>()
        let uncompressed = 0
        const fail = (why: string) => {
          zip.close()
          reject(new DamagedEbook(why))
        }
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entries.size >= MAX_ENTRIES) return fail(`archive has more than ${MAX_ENTRIES} entries`)
          uncompressed += entry.uncompressedSize
          entries.set(entry.fileName, entry)
          zip.readEntry()
        })
        zip.on('end', () => {
          if (uncompressed > ZIP_BOMB_FLOOR_BYTES && uncompressed > zip.fileSize * ZIP_BOMB_RATIO) {
            return fail(`zip bomb: ${mib(uncompressed)} uncompressed from ${mib(zip.fileSize)}`)
          }
          resolve(new BoundedZip(zip, entries))
        })
        zip.on('error', (e: Error) => fail(`damaged zip archive (${e.message})`))
        zip.readEntry()
      })
    })
  }

  /** An entry's bytes, refused when it is (or turns out to be) larger than `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer> {
    const entry = this.entries.get(name)
    if (!entry) return Promise.reject(new Error(`no entry ${name}`))
    if (entry.uncompressedSize > maxBytes) return Promise.reject(new Error(`entry ${name} is too large`))
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err ?? new Error('cannot read entry'))
        const chunks: Buffer[] = []
        let total = 0
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length
          if (total > maxBytes) {
            stream.destroy(new Error(`entry ${name} is too large`))
            return
          }
          chunks.push(chunk)
        })
        stream.on('error', reject)
        stream.on('end', () => resolve(Buffer.concat(chunks)))
      })
    })
  }

  close() {
    this.zip.close()
  }
}

type XmlNode = Record<string, unknown>
const isNode = (v: unknown): v is XmlNode => !!v && typeof v === 'object' && !Array.isArray(v)
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
const attr = (v: unknown, name: string) =>
  isNode(v) && typeof v[`@_${name}`] === 'string' ? (v[`@_${name}`] as string) : null

export interface EbookInfo {
  metadata: BookMetaDraft | null
  cover: { ext: string; data: Buffer } | null
  /** Why the file is damaged or hostile (its item is flagged invalid with it); null when it looks sound. */
  problem: string | null
}

const imageExt = (name: string) => {
  const e = extOf(name)
  return e === 'jpeg' ? 'jpg' : e
}
const isImageName = (name: string) => ['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(extOf(name))

/** Reads an XML entry of at most MAX_XML_BYTES; anything wrong with it damages the book. */
async function readXmlEntry(zip: BoundedZip, name: string): Promise<string> {
  if (!zip.entries.has(name)) throw new DamagedEbook(`EPUB has no ${name}`)
  try {
    // Whitespace before the XML declaration is not well-formed, but harmless and found in real books.
    return (await zip.read(name, MAX_XML_BYTES)).toString('utf8').trimStart()
  } catch (err) {
    throw new DamagedEbook(`${name} cannot be read (${(err as Error).message})`)
  }
}

/** Parses an XML entry with the entity-free parser; malformed XML or declared entities damage the book. */
function parseXmlEntry<T>(name: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text)
  } catch (err) {
    throw new DamagedEbook(`${name} is refused: ${(err as Error).message}`)
  }
}

/** The OPF path from META-INF/container.xml. */
async function opfPath(zip: BoundedZip): Promise<string> {
  const name = 'META-INF/container.xml'
  const container = parseXmlEntry(name, await readXmlEntry(zip, name), parseXml)
  const rootfiles = isNode(container) && isNode(container.container) ? container.container.rootfiles : null
  for (const rf of isNode(rootfiles) ? asArray(rootfiles.rootfile) : []) {
    const p = attr(rf, 'full-path')
    if (p) return p
  }
  throw new DamagedEbook(`${name} names no package document`)
}

/** The cover image href of an OPF: the EPUB 3 `cover-image` item, else the EPUB 2 `<meta name="cover">` item. */
function coverHref(opfText: string): string | null {
  const doc = parseXml(opfText)
  const pkg = isNode(doc) ? doc.package : null
  if (!isNode(pkg)) return null
  const manifest = isNode(pkg.manifest) ? asArray(pkg.manifest.item) : []
  const byProperty = manifest.find((i) => (attr(i, 'properties') ?? '').split(/\s+/).includes('cover-image'))
  if (byProperty) return attr(byProperty, 'href')
  const metas = isNode(pkg.metadata) ? asArray(pkg.metadata.meta) : []
  const coverId = attr(
    metas.find((m) => attr(m, 'name') === 'cover'),
    'content',
  )
  const byId = coverId ? manifest.find((i) => attr(i, 'id') === coverId) : undefined
  if (byId) return attr(byId, 'href')
  const byName = manifest.find(
    (i) => /cover/i.test(attr(i, 'id') ?? '') && isImageName(attr(i, 'href') ?? ''),
  )
  return byName ? attr(byName, 'href') : null
}

/** Resolves an href relative to the OPF inside the archive; refuses anything that climbs out. */
function resolveInArchive(opf: string, href: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(href.split('#')[0] ?? '')
  } catch {
    return null
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(opf), decoded))
  return joined.startsWith('../') || joined === '..' || path.posix.isAbsolute(joined) ? null : joined
}

type Handle = fs.FileHandle

/** Reads up to `length` bytes at `position` (from the end when negative). */
async function readSlice(handle: Handle, size: number, position: number, length: number): Promise<Buffer> {
  const start = position < 0 ? Math.max(0, size + position) : position
  const buffer = Buffer.alloc(Math.min(length, Math.max(0, size - start)))
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, start)
  return buffer.subarray(0, bytesRead)
}

/** PDF: a `%PDF-` header and an `%%EOF` trailer within the first and last kilobyte (a truncated copy has none). */
async function checkPdf(handle: Handle, size: number): Promise<void> {
  if (!(await readSlice(handle, size, 0, PDF_PROBE_BYTES)).includes('%PDF-'))
    throw new DamagedEbook('not a PDF (no %PDF- header)')
  if (!(await readSlice(handle, size, -PDF_PROBE_BYTES, PDF_PROBE_BYTES)).includes('%%EOF'))
    throw new DamagedEbook('PDF is truncated (no %%EOF trailer)')
}

/** MOBI/AZW3: the Palm database type at byte 60; CBR: a RAR signature (or a zip, as many CBRs really are). */
async function checkMagic(handle: Handle, size: number, ext: string): Promise<void> {
  if (ext === 'mobi' || ext === 'azw3') {
    const type = (await readSlice(handle, size, 60, 8)).toString('latin1')
    if (type !== 'BOOKMOBI' && type !== 'TEXtREAd')
      throw new DamagedEbook(`not a ${ext.toUpperCase()} book (no BOOKMOBI header)`)
  } else if (ext === 'cbr') {
    const head = await readSlice(handle, size, 0, 7)
    if (
      !head.subarray(0, 6).equals(Buffer.from('Rar!\x1a\x07', 'latin1')) &&
      !head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))
    )
      throw new DamagedEbook('not a RAR or zip archive')
  }
}

/** Formats checked by their header (and PDF's trailer): one open, a stat and one or two small reads. */
async function checkHeaders(file: string, ext: string): Promise<void> {
  const handle = await fs.open(file, 'r')
  try {
    const { size } = await handle.stat()
    if (size === 0) throw new DamagedEbook('file is empty')
    if (ext === 'pdf') await checkPdf(handle, size)
    else await checkMagic(handle, size, ext)
  } finally {
    await handle.close()
  }
}

/** An archive entry's bytes for a cover; a damaged entry damages the book. */
async function readCover(zip: BoundedZip, name: string): Promise<EbookInfo['cover']> {
  try {
    return { ext: imageExt(name), data: await zip.read(name, MAX_COVER_BYTES) }
  } catch (err) {
    throw new DamagedEbook(`${name} cannot be read (${(err as Error).message})`)
  }
}

/** EPUB: container.xml -> OPF (both bounded, entity-free) -> metadata and cover. */
async function readEpub(zip: BoundedZip, wantCover: boolean): Promise<Omit<EbookInfo, 'problem'>> {
  const opf = await opfPath(zip)
  const opfText = await readXmlEntry(zip, opf)
  const metadata = parseXmlEntry(opf, opfText, parseOpf)
  let cover: EbookInfo['cover'] = null
  if (wantCover) {
    const href = coverHref(opfText)
    const target = href ? resolveInArchive(opf, href) : null
    if (target && isImageName(target) && zip.entries.has(target)) cover = await readCover(zip, target)
  }
  return { metadata, cover }
}

/** CBZ: a comic is its images; the first in natural order is the cover. */
async function readCbz(zip: BoundedZip, wantCover: boolean): Promise<Omit<EbookInfo, 'problem'>> {
  const first = [...zip.entries.keys()].filter(isImageName).sort(naturalCompare)[0]
  if (!first) throw new DamagedEbook('CBZ holds no images')
  return { metadata: null, cover: wantCover ? await readCover(zip, first) : null }
}

/**
 * Metadata and cover of an ebook, read with bounded sizes (EPUB: its OPF; CBZ: first image), and a cheap
 * structural check of every format: only headers, the zip central directory and the bounded container.xml
 * and OPF are read, never whole entries. Never throws: a damaged or hostile file gives its `problem`.
 */
export async function readEbookInfo(file: string, opts: { wantCover: boolean }): Promise<EbookInfo> {
  const ext = extOf(file)
  let zip: BoundedZip | null = null
  try {
    if (ext !== 'epub' && ext !== 'cbz') {
      await checkHeaders(file, ext)
      return { metadata: null, cover: null, problem: null }
    }
    zip = await BoundedZip.open(file).catch(async (err: unknown) => {
      // Only on failure: an empty file says so rather than "not a zip".
      if ((await fs.stat(file)).size === 0) throw new DamagedEbook('file is empty')
      throw err
    })
    const info = ext === 'cbz' ? await readCbz(zip, opts.wantCover) : await readEpub(zip, opts.wantCover)
    return { ...info, problem: null }
  } catch (err) {
    const problem = err instanceof DamagedEbook ? err.message : `cannot be read (${(err as Error).message})`
    return { metadata: null, cover: null, problem }
  } finally {
    zip?.close()
  }
}
