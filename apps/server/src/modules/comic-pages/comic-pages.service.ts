import fs from 'node:fs/promises'
import path from 'node:path'
import { HttpError, notFound } from '../../http/errors.ts'
import type { ItemsService, ServableFile } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { ArchiveClosed, UnreadableComic, type ComicArchive, type PageEntry } from './comic-archive.ts'
import { RarComic } from './rar-comic.ts'
import { ZipComic } from './zip-comic.ts'

/** Archives kept open (a zip's fd and directory, a RAR's page list), least recently used dropped first. */
const OPEN_ARCHIVES = 16

const unprocessable = (message: string) => new HttpError(422, message)

/** The page a route serves: its bytes (read and bounded already), type and a validator per file version. */
export interface ComicPageImage {
  bytes: Buffer
  mimeType: string
  etag: string
}

/** Zip or RAR by the file's first bytes (many CBRs are zips, a few CBZs RARs); anything else is refused. */
async function archiveKind(file: ServableFile): Promise<'zip' | 'rar'> {
  if (file.size === 0) throw new UnreadableComic('This comic is an empty file (0 bytes)')
  const head = Buffer.alloc(8)
  const handle = await fs.open(file.path, 'r')
  try {
    await handle.read(head, 0, 8, 0)
  } finally {
    await handle.close()
  }
  if (head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50) return 'zip'
  if (head.subarray(0, 6).toString('latin1') === 'Rar!\x1a\x07') return 'rar'
  throw new UnreadableComic('This comic cannot be read: it is neither a zip (CBZ) nor a RAR (CBR) archive')
}

/**
 * Comic pages for the reader: the item's comic file found through the items service (visibility, containment),
 * its archive opened once per file version and kept in a small LRU, each page read on its own.
 */
export class ComicPagesService {
  private readonly items: Pick<ItemsService, 'ebookFile'>
  /** Keyed on path, size and mtime: a replaced file is a new key; pending opens are shared. */
  private readonly open = new Map<string, Promise<ComicArchive>>()

  constructor(deps: { items: Pick<ItemsService, 'ebookFile'> }) {
    this.items = deps.items
  }

  async pages(user: UserRecord, itemId: string, fileId?: string): Promise<PageEntry[]> {
    const { archive } = await this.archiveFor(user, itemId, fileId)
    return [...archive.pages]
  }

  async page(user: UserRecord, itemId: string, index: number, fileId?: string): Promise<ComicPageImage> {
    for (let attempt = 0; ; attempt++) {
      const { file, archive } = await this.archiveFor(user, itemId, fileId)
      const page = archive.pages[index]
      if (!page) throw notFound('Page not found')
      try {
        const bytes = await archive.read(index)
        const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}-p${index}"`
        return { bytes, mimeType: page.mimeType, etag }
      } catch (err) {
        // Dropped from the LRU by other comics meanwhile: the next lookup opens it again.
        if (err instanceof ArchiveClosed && attempt === 0) continue
        throw asHttpError(err)
      }
    }
  }

  /** Drops every open archive (app close, tests). */
  closeAll(): void {
    for (const pending of this.open.values())
      void pending.then(
        (a) => a.close(),
        () => undefined,
      )
    this.open.clear()
  }

  private async archiveFor(user: UserRecord, itemId: string, fileId?: string) {
    const file = await this.items.ebookFile(user, itemId, fileId)
    const ext = path.extname(file.path).slice(1).toLowerCase()
    if (ext !== 'cbz' && ext !== 'cbr') throw notFound('Comic not found')
    const key = `${file.path}\0${file.size}\0${file.mtimeMs}`
    let pending = this.open.get(key)
    if (pending) {
      // Most recently used last.
      this.open.delete(key)
      this.open.set(key, pending)
    } else {
      pending = openArchive(file)
      this.open.set(key, pending)
      pending.catch(() => this.open.delete(key))
      this.evict()
    }
    try {
      return { file, archive: await pending }
    } catch (err) {
      throw asHttpError(err)
    }
  }

  private evict(): void {
    while (this.open.size > OPEN_ARCHIVES) {
      const [oldest, pending] = this.open.entries().next().value as [string, Promise<ComicArchive>]
      this.open.delete(oldest)
      void pending.then(
        (a) => a.close(),
        () => undefined,
      )
    }
  }
}

async function openArchive(file: ServableFile): Promise<ComicArchive> {
  const kind = await archiveKind(file)
  return kind === 'zip' ? ZipComic.open(file.path) : RarComic.open(file.path)
}

/** Archive problems are the client's (422 with the reason); a page index past the end is a 404. */
function asHttpError(err: unknown): Error {
  if (err instanceof HttpError) return err
  if (err instanceof UnreadableComic) return unprocessable(err.message)
  if (err instanceof RangeError) return notFound('Page not found')
  return unprocessable(`This comic cannot be read (${err instanceof Error ? err.message : 'unknown error'})`)
}
