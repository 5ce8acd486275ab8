import path from 'node:path'
import yauzl from 'yauzl'
import type { BookMetaDraft } from './book-meta.ts'
import { extOf, naturalCompare } from './file-types.ts'
import { parseOpf, parseXml } from './metadata-files.ts'

/** Bounds for reading inside an archive: entry count, XML size, image size. */
const MAX_ENTRIES = 20_000
const MAX_XML_BYTES = 1024 * 1024
export const MAX_COVER_BYTES = 20 * 1024 * 1024

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

  static open(file: string): Promise<BoundedZip> {
    return new Promise((resolve, reject) => {
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => {
        if (err || !zip) return reject(err ?? new Error('cannot open archive'))
        const entries = new Map<string, yauzl.Entry>()
        zip.on('entry', (entry: yauzl.Entry) => {
          if (entries.size >= MAX_ENTRIES) {
            zip.close()
            return reject(new Error('archive has too many entries'))
          }
          entries.set(entry.fileName, entry)
          zip.readEntry()
        })
        zip.on('end', () => resolve(new BoundedZip(zip, entries)))
        zip.on('error', (e: Error) => {
          zip.close()
          reject(e)
        })
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
}

const imageExt = (name: string) => {
  const e = extOf(name)
  return e === 'jpeg' ? 'jpg' : e
}
const isImageName = (name: string) => ['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(extOf(name))

/** The OPF path from META-INF/container.xml. */
async function opfPath(zip: BoundedZip): Promise<string | null> {
  const container = parseXml((await zip.read('META-INF/container.xml', MAX_XML_BYTES)).toString('utf8'))
  if (!isNode(container) || !isNode(container.container)) return null
  const rootfiles = container.container.rootfiles
  if (!isNode(rootfiles)) return null
  for (const rf of asArray(rootfiles.rootfile)) {
    const p = attr(rf, 'full-path')
    if (p) return p
  }
  return null
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

/**
 * Metadata and cover of an ebook, read with bounded sizes: EPUB (its OPF), CBZ (first image).
 * Other formats (pdf, mobi, azw3, cbr) give nothing here. Never throws.
 */
export async function readEbookInfo(file: string, opts: { wantCover: boolean }): Promise<EbookInfo> {
  const ext = extOf(file)
  if (ext !== 'epub' && ext !== 'cbz') return { metadata: null, cover: null }
  let zip: BoundedZip | null = null
  try {
    zip = await BoundedZip.open(file)
    if (ext === 'cbz') {
      if (!opts.wantCover) return { metadata: null, cover: null }
      const first = [...zip.entries.keys()].filter(isImageName).sort(naturalCompare)[0]
      return {
        metadata: null,
        cover: first ? { ext: imageExt(first), data: await zip.read(first, MAX_COVER_BYTES) } : null,
      }
    }
    const opf = await opfPath(zip)
    if (!opf) return { metadata: null, cover: null }
    const opfText = (await zip.read(opf, MAX_XML_BYTES)).toString('utf8')
    let metadata: BookMetaDraft | null = null
    try {
      metadata = parseOpf(opfText)
    } catch {
      metadata = null
    }
    let cover: EbookInfo['cover'] = null
    if (opts.wantCover) {
      const href = coverHref(opfText)
      const target = href ? resolveInArchive(opf, href) : null
      if (target && isImageName(target) && zip.entries.has(target)) {
        cover = { ext: imageExt(target), data: await zip.read(target, MAX_COVER_BYTES) }
      }
    }
    return { metadata, cover }
  } catch {
    return { metadata: null, cover: null }
  } finally {
    zip?.close()
  }
}
