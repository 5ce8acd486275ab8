import fs from 'node:fs'
import { Extractor, UnrarError, type SeekMethod } from 'node-unrar-js'
import { getUnrar } from 'node-unrar-js/dist/js/unrar.singleton.js'
import {
  comicLimits,
  noPages,
  pageSizeProblem,
  tooManyEntries,
  UnreadableComic,
  type ComicArchive,
  type PageEntry,
} from './comic-archive.ts'
import { isPageName, pageMimeType, sortPageNames } from './page-names.ts'

/** Output fds are ours, far from the archive's real fd. */
const FIRST_OUTPUT_FD = 1 << 24

/**
 * node-unrar-js's extractor with the file side replaced: the archive is read from its path with positioned reads,
 * and what unrar extracts goes to memory, bounded, instead of to files named by the archive (where a `../` name
 * would land outside any target). Every call into unrar is synchronous, so the shared wasm module serves one
 * archive at a time without interleaving.
 */
class MemoryExtractor extends Extractor {
  protected _filePath: string
  private archive: { fd: number; size: number; pos: number } | null = null
  private outputs = new Map<number, Buffer[]>()
  private nextFd = FIRST_OUTPUT_FD
  /** Bytes written so far for the page being extracted, and its bound. */
  private written = 0
  private limit = 0
  overflowed = false

  constructor(unrar: unknown, filePath: string) {
    super(unrar)
    this._filePath = filePath
  }

  /** Makes unrar call back into this extractor (the wasm module is one for the process). */
  private bind(): void {
    ;(this.unrar as { extractor: unknown }).extractor = this
  }

  list() {
    this.bind()
    return this.getFileList()
  }

  /** The bytes of one entry by name, at most `limit` of them. */
  extractOne(name: string, limit: number): Buffer | null {
    this.bind()
    this.written = 0
    this.limit = limit
    this.overflowed = false
    this.outputs.clear()
    let found: Buffer | null = null
    try {
      const { files } = this.extract({ files: [name] })
      for (const file of files) {
        if (file.fileHeader.name === name) found = Buffer.concat([...this.outputs.values()].flat())
      }
    } finally {
      this.outputs.clear()
    }
    return found
  }

  /**
   * Drops an archive left open: leaving the listing early (a bound hit) skips node-unrar-js's own close, which
   * lives in a private member it has no public call for.
   */
  closeAfterFailure(): void {
    const base = this as unknown as { _archive: { delete(): void } | null }
    try {
      base._archive?.delete()
    } catch {
      // already closed by unrar's own failure path
    }
    base._archive = null
    if (this.archive) {
      fs.closeSync(this.archive.fd)
      this.archive = null
    }
  }

  protected open(filename: string): number {
    if (filename !== this._filePath) return 0 // other volumes of a multi-volume set are not opened
    const fd = fs.openSync(filename, 'r')
    this.archive = { fd, size: fs.fstatSync(fd).size, pos: 0 }
    return fd
  }

  protected create(): number {
    const fd = this.nextFd++
    this.outputs.set(fd, [])
    return fd
  }

  protected closeFile(fd: number): void {
    if (this.archive?.fd === fd) {
      fs.closeSync(fd)
      this.archive = null
    }
  }

  protected read(fd: number, buf: number, size: number): number {
    const archive = this.archive
    if (!archive || archive.fd !== fd) return -1
    const buffer = Buffer.allocUnsafe(size)
    const got = fs.readSync(fd, buffer, 0, size, archive.pos)
    ;(this.unrar as { HEAPU8: Uint8Array }).HEAPU8.set(buffer.subarray(0, got), buf)
    archive.pos += got
    return got
  }

  protected write(fd: number, buf: number, size: number): boolean {
    const chunks = this.outputs.get(fd)
    if (!chunks) return false
    this.written += size
    if (this.written > this.limit) {
      this.overflowed = true
      return false
    }
    chunks.push(Buffer.from((this.unrar as { HEAPU8: Uint8Array }).HEAPU8.subarray(buf, buf + size)))
    return true
  }

  protected tell(fd: number): number {
    return this.archive?.fd === fd ? this.archive.pos : 0
  }

  protected seek(fd: number, pos: number, method: SeekMethod): boolean {
    const archive = this.archive
    if (!archive || archive.fd !== fd) return false
    const base = method === 'SET' ? 0 : method === 'END' ? archive.size : archive.pos
    const next = base + pos
    if (next < 0 || next > archive.size) return false
    archive.pos = next
    return true
  }
}

const unrarProblem = (err: unknown): UnreadableComic => {
  if (err instanceof UnreadableComic) return err
  if (err instanceof UnrarError) {
    if (err.reason === 'ERAR_MISSING_PASSWORD' || err.reason === 'ERAR_BAD_PASSWORD')
      return new UnreadableComic('This comic is encrypted; it cannot be read')
    return new UnreadableComic(
      `This comic cannot be read: the RAR archive is damaged or truncated (${err.message})`,
    )
  }
  return new UnreadableComic(
    `This comic cannot be read: the RAR archive is damaged (${err instanceof Error ? err.message : String(err)})`,
  )
}

/** A CBR: its headers listed once (no data read), then each page extracted to memory on its own. */
export class RarComic implements ComicArchive {
  readonly pages: readonly PageEntry[]
  private readonly extractor: MemoryExtractor
  private constructor(extractor: MemoryExtractor, pages: PageEntry[]) {
    this.extractor = extractor
    this.pages = pages
  }

  static async open(file: string): Promise<RarComic> {
    const extractor = new MemoryExtractor(await getUnrar(), file)
    const pages: PageEntry[] = []
    try {
      const { arcHeader, fileHeaders } = extractor.list()
      if (arcHeader.flags.headerEncrypted)
        throw new UnreadableComic('This comic is encrypted; it cannot be read')
      let seen = 0
      for (const header of fileHeaders) {
        if (++seen > comicLimits.maxEntries) {
          // Leaving the generator early skips its close: drain nothing more, the archive is dropped below.
          throw tooManyEntries()
        }
        const { name, flags, unpSize, packSize } = header
        const mimeType = pageMimeType(name)
        if (flags.directory || flags.encrypted || !mimeType || !isPageName(name)) continue
        const problem = pageSizeProblem(name, unpSize, packSize)
        if (problem) throw new UnreadableComic(problem)
        pages.push({ name, size: unpSize, mimeType })
      }
    } catch (err) {
      extractor.closeAfterFailure()
      throw unrarProblem(err)
    }
    if (pages.length === 0) throw noPages()
    return new RarComic(extractor, sortPageNames(pages))
  }

  read(index: number): Promise<Buffer> {
    const page = this.pages[index]
    if (!page) return Promise.reject(new RangeError('no such page'))
    try {
      const bytes = this.extractor.extractOne(page.name, Math.min(page.size, comicLimits.maxPageBytes))
      if (!bytes)
        return Promise.reject(new UnreadableComic(`This comic cannot be read: page ${page.name} is missing`))
      return Promise.resolve(bytes)
    } catch (err) {
      const overflowed = this.extractor.overflowed
      this.extractor.closeAfterFailure()
      if (overflowed)
        return Promise.reject(
          new UnreadableComic(
            `This comic looks like a zip bomb: page ${page.name} unpacks to more than it declares`,
          ),
        )
      return Promise.reject(unrarProblem(err))
    }
  }

  close(): void {
    // Nothing stays open between calls: every listing and extraction opens and closes the archive itself.
  }
}
