import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { EpubChapter } from './epub.ts'

export interface MakeMobiOptions {
  path: string
  title: string
  author: string
  /** Default: three short chapters of filler text. */
  chapters?: EpubChapter[]
}

/** PalmDOC text records hold at most 4096 bytes each. */
const TEXT_RECORD_SIZE = 4096
/** Length of the MOBI header, counted from its "MOBI" magic (record 0 offset 16); covers every field readers use. */
const MOBI_HEADER_LENGTH = 232
const NO_INDEX = 0xffffffff
/** Seconds between 1904-01-01 (the Palm epoch) and 1970-01-01. */
const PALM_EPOCH_OFFSET = 2082844800

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function defaultChapters(title: string): EpubChapter[] {
  return ['The Beginning', 'The Middle', 'The End'].map((part, i) => ({
    title: `Chapter ${i + 1}: ${part}`,
    text: `${title}, part ${i + 1}.\n\nThe lamps along the quay were lit one by one, and the harbour settled into its evening hush.`,
  }))
}

/** The book's markup: MOBI 6 HTML, chapters split by <mbp:pagebreak/> (readers start a new page there). */
export function mobiHtml(chapters: readonly EpubChapter[]): string {
  const body = chapters
    .map(
      (c) =>
        `<h2>${esc(c.title)}</h2>` +
        c.text
          .split(/\n\s*\n/)
          .map((p) => `<p>${esc(p.trim())}</p>`)
          .join(''),
    )
    .join('<mbp:pagebreak/>')
  return `<html><head><guide></guide></head><body>${body}</body></html>`
}

function exthRecord(type: number, value: string): Buffer {
  const data = Buffer.from(value, 'utf8')
  const head = Buffer.alloc(8)
  head.writeUInt32BE(type, 0)
  head.writeUInt32BE(8 + data.length, 4)
  return Buffer.concat([head, data])
}

/** EXTH: author (100), title (503), language (524); padded to 4 bytes. */
function exthBlock(title: string, author: string): Buffer {
  const records = [exthRecord(100, author), exthRecord(503, title), exthRecord(524, 'en')]
  const body = Buffer.concat(records)
  const unpadded = 12 + body.length
  const padding = (4 - (unpadded % 4)) % 4
  const head = Buffer.alloc(12)
  head.write('EXTH', 0, 'latin1')
  head.writeUInt32BE(unpadded, 4)
  head.writeUInt32BE(records.length, 8)
  return Buffer.concat([head, body, Buffer.alloc(padding)])
}

/** Record 0: PalmDOC header, MOBI header, EXTH, then the full title. */
function recordZero(options: { title: string; author: string; textLength: number; textRecords: number }) {
  const exth = exthBlock(options.title, options.author)
  const title = Buffer.from(options.title, 'utf8')
  const header = Buffer.alloc(16 + MOBI_HEADER_LENGTH)
  // PalmDOC header: no compression, text length, record count and size, no encryption.
  header.writeUInt16BE(1, 0)
  header.writeUInt32BE(options.textLength, 4)
  header.writeUInt16BE(options.textRecords, 8)
  header.writeUInt16BE(TEXT_RECORD_SIZE, 10)
  header.writeUInt16BE(0, 12)
  // MOBI header.
  header.write('MOBI', 16, 'latin1')
  header.writeUInt32BE(MOBI_HEADER_LENGTH, 20)
  header.writeUInt32BE(2, 24) // Mobipocket book
  header.writeUInt32BE(65001, 28) // UTF-8
  header.writeUInt32BE(0x5eca1f00, 32) // unique id
  header.writeUInt32BE(6, 36) // file version 6 (not KF8)
  for (let offset = 40; offset < 80; offset += 4) header.writeUInt32BE(NO_INDEX, offset) // no dictionary indexes
  header.writeUInt32BE(options.textRecords + 1, 80) // first non-book record
  const titleOffset = header.length + exth.length
  header.writeUInt32BE(titleOffset, 84)
  header.writeUInt32BE(title.length, 88)
  header.writeUInt32BE(9, 92) // locale: English
  header.writeUInt32BE(6, 104) // minimum reader version
  header.writeUInt32BE(NO_INDEX, 108) // no images
  header.writeUInt32BE(0, 112) // no HUFF/CDIC
  header.writeUInt32BE(0, 116)
  header.writeUInt32BE(0x40, 128) // EXTH present
  header.writeUInt32BE(NO_INDEX, 148) // no DRM
  header.writeUInt32BE(0, 240) // no trailing entries in text records
  header.writeUInt32BE(NO_INDEX, 244) // no NCX index
  const padding = Buffer.alloc(4 - ((titleOffset + title.length) % 4))
  return Buffer.concat([header, exth, title, padding])
}

/** A PalmDB file: 78-byte header, record list, two bytes of gap, the records. */
function palmDatabase(name: string, records: readonly Buffer[], now: Date): Buffer {
  const header = Buffer.alloc(78)
  header.write(name.replace(/[^\x20-\x7e]/g, '_').slice(0, 31), 0, 'latin1')
  const palmTime = Math.floor(now.getTime() / 1000) + PALM_EPOCH_OFFSET
  header.writeUInt32BE(palmTime >>> 0, 36)
  header.writeUInt32BE(palmTime >>> 0, 40)
  header.write('BOOK', 60, 'latin1')
  header.write('MOBI', 64, 'latin1')
  header.writeUInt32BE(records.length * 2 - 1, 68) // unique id seed
  header.writeUInt16BE(records.length, 76)
  const list = Buffer.alloc(records.length * 8)
  let offset = header.length + list.length + 2
  records.forEach((record, i) => {
    list.writeUInt32BE(offset, i * 8)
    list.writeUInt32BE(i * 2, i * 8 + 4) // attributes 0, unique id
    offset += record.length
  })
  return Buffer.concat([header, list, Buffer.alloc(2), ...records])
}

/** The MOBI file's bytes (MOBI 6, uncompressed PalmDOC text, EXTH title/author). */
export function mobiBuffer(options: Omit<MakeMobiOptions, 'path'>, now = new Date()): Buffer {
  const text = Buffer.from(mobiHtml(options.chapters ?? defaultChapters(options.title)), 'utf8')
  const textRecords: Buffer[] = []
  for (let i = 0; i < text.length; i += TEXT_RECORD_SIZE)
    textRecords.push(text.subarray(i, i + TEXT_RECORD_SIZE))
  const zero = recordZero({
    title: options.title,
    author: options.author,
    textLength: text.length,
    textRecords: textRecords.length,
  })
  const endOfFile = Buffer.from([0xe9, 0x8e, 0x0d, 0x0a])
  return palmDatabase(options.title, [zero, ...textRecords, endOfFile], now)
}

/** Writes a small MOBI that Kindle-family readers (and foliate-js) open. Returns the absolute path. */
export async function makeMobi(options: MakeMobiOptions): Promise<string> {
  const path = resolve(options.path)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, mobiBuffer(options))
  return path
}
