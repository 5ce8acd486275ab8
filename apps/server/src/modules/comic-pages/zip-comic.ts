import yauzl from 'yauzl'
import {
  ArchiveClosed,
  comicLimits,
  noPages,
  pageSizeProblem,
  tooManyEntries,
  UnreadableComic,
  type ComicArchive,
  type PageEntry,
} from './comic-archive.ts'
import { isPageName, pageMimeType, sortPageNames } from './page-names.ts'

interface ZipPage extends PageEntry {
  entry: yauzl.Entry
}

const damaged = (err: unknown) =>
  new UnreadableComic(
    `This comic cannot be read: the zip archive is damaged or truncated (${errorText(err)})`,
  )
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * A CBZ opened for random access: yauzl reads the central directory only, and each page is inflated on its own
 * when asked, bounded by its declared size (yauzl checks the bytes streamed against it).
 */
export class ZipComic implements ComicArchive {
  readonly pages: readonly ZipPage[]
  private readonly zip: yauzl.ZipFile
  private constructor(zip: yauzl.ZipFile, pages: ZipPage[]) {
    this.zip = zip
    this.pages = pages
  }

  static open(file: string): Promise<ZipComic> {
    return new Promise((resolve, reject) => {
      // decodeStrings off: yauzl would refuse the whole archive for one `../` name; we leave such entries out.
      const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }
      yauzl.open(file, options, (err, zip) => {
        if (err || !zip) return reject(damaged(err ?? 'unreadable'))
        const pages: ZipPage[] = []
        let seen = 0
        let settled = false
        const fail = (why: UnreadableComic) => {
          if (settled) return
          settled = true
          zip.close()
          reject(why)
        }
        if (zip.entryCount > comicLimits.maxEntries) return fail(tooManyEntries())
        zip.on('entry', (entry: yauzl.Entry) => {
          if (settled) return
          if (++seen > comicLimits.maxEntries) return fail(tooManyEntries())
          const raw = entry.fileName as unknown as Buffer
          const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true)
          const mimeType = pageMimeType(name)
          if (mimeType && isPageName(name) && !entry.isEncrypted() && entry.canDecodeFileData()) {
            const problem = pageSizeProblem(name, entry.uncompressedSize, entry.compressedSize)
            if (problem) return fail(new UnreadableComic(problem))
            pages.push({ name, size: entry.uncompressedSize, mimeType, entry })
          }
          zip.readEntry()
        })
        zip.on('end', () => {
          if (settled) return
          if (pages.length === 0) return fail(noPages())
          settled = true
          resolve(new ZipComic(zip, sortPageNames(pages)))
        })
        zip.on('error', (e: unknown) => fail(damaged(e)))
        zip.readEntry()
      })
    })
  }

  read(index: number): Promise<Buffer> {
    const page = this.pages[index]
    if (!page) return Promise.reject(new RangeError('no such page'))
    if (!this.zip.isOpen) return Promise.reject(new ArchiveClosed())
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(page.entry, (err, stream) => {
        if (err || !stream) return reject(damaged(err ?? 'unreadable page'))
        const chunks: Buffer[] = []
        let total = 0
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length
          // yauzl stops a stream that goes past its declared size; this is the bound if it ever did not.
          if (total > Math.min(page.size, comicLimits.maxPageBytes)) {
            stream.destroy(new Error(`page ${page.name} is larger than it says`))
            return
          }
          chunks.push(chunk)
        })
        stream.on('error', (e: unknown) => reject(pageError(page.name, e)))
        stream.on('end', () => resolve(Buffer.concat(chunks, total)))
      })
    })
  }

  close(): void {
    this.zip.close()
  }
}

/** A page whose bytes do not match what the archive declares is a bomb or damage; both are answered 422. */
function pageError(name: string, err: unknown): UnreadableComic {
  const text = errorText(err)
  if (/too many bytes|larger than it says/i.test(text))
    return new UnreadableComic(
      `This comic looks like a zip bomb: page ${name} unpacks to more than it declares`,
    )
  return new UnreadableComic(`This comic cannot be read: page ${name} is damaged (${text})`)
}
