import type { FoliateBook } from 'foliate-js/view.js'
import type { FrameErrorCode } from '../frame-protocol.ts'

/** A book the frame could not open, with the reason the app shows. */
export class BookOpenError extends Error {
  readonly code: FrameErrorCode
  constructor(code: FrameErrorCode) {
    super(code)
    this.code = code
  }
}

/**
 * Zip bomb guards: no EPUB entry needs more than this once inflated, nor the whole book. A bomb declares huge
 * sizes in its directory (the inflater checks the declared size), so it is refused before anything inflates.
 */
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024
export const MAX_TOTAL_BYTES = 1024 * 1024 * 1024

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b)
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

async function openZip(file: Blob): Promise<FoliateBook> {
  const { configure, ZipReader, BlobReader, TextWriter, BlobWriter } =
    await import('foliate-js/vendor/zip.js')
  configure({ useWebWorkers: false })
  let entries
  try {
    entries = await new ZipReader(new BlobReader(file)).getEntries()
  } catch {
    throw new BookOpenError('damaged')
  }
  let total = 0
  for (const entry of entries) {
    total += entry.uncompressedSize
    if (entry.uncompressedSize > MAX_ENTRY_BYTES || total > MAX_TOTAL_BYTES)
      throw new BookOpenError('tooLarge')
  }
  const byName = new Map(entries.map((entry) => [entry.filename, entry]))
  const { EPUB } = await import('foliate-js/epub.js')
  const loader = {
    loadText: (name: string) => byName.get(name)?.getData(new TextWriter()) ?? null,
    loadBlob: (name: string, type?: string) => byName.get(name)?.getData(new BlobWriter(type)) ?? null,
    getSize: (name: string) => byName.get(name)?.uncompressedSize ?? 0,
  }
  try {
    return await new EPUB(loader).init()
  } catch {
    throw new BookOpenError('damaged')
  }
}

/**
 * The book object foliate's view renders, from the bytes: EPUB (zip), MOBI/AZW3 (PalmDB "BOOKMOBI"), FB2.
 * Our own version of foliate's makeBook, for the size guards and a reason for every failure.
 */
export async function openBook(bytes: ArrayBuffer, fileName: string): Promise<FoliateBook> {
  if (bytes.byteLength === 0) throw new BookOpenError('empty')
  const file = new File([bytes], fileName)
  const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 68))
  let book: FoliateBook
  if (startsWith(head, ZIP_MAGIC)) {
    book = await openZip(file)
  } else {
    const { isMOBI, MOBI } = await import('foliate-js/mobi.js')
    if (await isMOBI(file)) {
      const { unzlibSync } = await import('foliate-js/vendor/fflate.js')
      try {
        book = await new MOBI({ unzlib: unzlibSync }).open(file)
      } catch {
        throw new BookOpenError('damaged')
      }
    } else if (/\.fb2$/i.test(fileName) || new TextDecoder().decode(head).includes('<?xml')) {
      const { makeFB2 } = await import('foliate-js/fb2.js')
      try {
        book = await makeFB2(file)
      } catch {
        throw new BookOpenError('damaged')
      }
    } else {
      throw new BookOpenError(/\.(mobi|azw3?)$/i.test(fileName) ? 'damaged' : 'unsupported')
    }
  }
  if (!Array.isArray(book.sections) || book.sections.length === 0) throw new BookOpenError('damaged')
  return book
}
