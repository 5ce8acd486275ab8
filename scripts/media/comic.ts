import { crc32, deflateSync } from 'node:zlib'
import { zipBuffer, type ZipEntry } from './zip.ts'

/** Comic fixtures: page images, CBZ (zip) and CBR (RAR4, stored entries) archives, written in memory. */

export interface ComicPageOptions {
  /** Default 600. */
  width?: number
  /** Default 900. */
  height?: number
  /** 0-based page number: picks the page's shade, so neighbouring pages look different. */
  index?: number
  /**
   * Rows of pseudo-random pixels at the top, so the page weighs what a scanned page does (it does not compress);
   * default 0 (a flat page of a few hundred bytes).
   */
  noiseRows?: number
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A greyscale PNG page: a flat shade per page, with optional noise rows for weight. */
export function comicPagePng(options: ComicPageOptions = {}): Buffer {
  const width = options.width ?? 600
  const height = options.height ?? 900
  const index = options.index ?? 0
  const noiseRows = Math.min(options.noiseRows ?? 0, height)
  const shade = 40 + ((index * 37) % 180)
  const raw = Buffer.alloc((width + 1) * height, shade)
  let seed = Math.imul(index + 1, 2654435761) >>> 0
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0 // filter: none
    if (y >= noiseRows) continue
    for (let x = 1; x <= width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      raw[y * (width + 1) + x] = seed >>> 24
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export interface ComicEntry {
  name: string
  data: Buffer
}

/** `count` pages named page1.png … pageN.png (unpadded, so only a natural sort reads them in order). */
export function comicPages(count: number, page: Omit<ComicPageOptions, 'index'> = {}): ComicEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `page${i + 1}.png`,
    data: comicPagePng({ ...page, index: i }),
  }))
}

/** A CBZ: the entries stored (images do not deflate), in the given order. */
export function makeCbz(entries: readonly (ComicEntry | ZipEntry)[]): Buffer {
  return zipBuffer(entries.map((e) => ({ store: true, ...e })))
}

/** RAR 4 block: CRC16 (low half of the CRC-32 of the rest of the header), then the header itself. */
function rarBlock(rest: Buffer): Buffer {
  const crc = Buffer.alloc(2)
  crc.writeUInt16LE(crc32(rest) & 0xffff, 0)
  return Buffer.concat([crc, rest])
}

function dosTime(date: Date): number {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2)
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate()
  return ((day << 16) | time) >>> 0
}

/**
 * A CBR: a RAR 4 archive with every entry stored (method 0x30), CRCs right, ASCII names as given (a RAR is
 * read by node-unrar-js). Enough for comics; no compression, no solid blocks, no volumes.
 */
export function makeCbr(entries: readonly ComicEntry[], modified = new Date(2024, 0, 1)): Buffer {
  const marker = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00])
  const archive = Buffer.alloc(11)
  archive.writeUInt8(0x73, 0) // HEAD_TYPE: archive header
  archive.writeUInt16LE(0, 1) // flags
  archive.writeUInt16LE(13, 3) // HEAD_SIZE
  const parts: Buffer[] = [marker, rarBlock(archive)]
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1')
    const head = Buffer.alloc(30)
    head.writeUInt8(0x74, 0) // HEAD_TYPE: file header
    head.writeUInt16LE(0x8000, 1) // LONG_BLOCK: the data follows the header
    head.writeUInt16LE(32 + name.length, 3) // HEAD_SIZE
    head.writeUInt32LE(entry.data.length, 5) // PACK_SIZE
    head.writeUInt32LE(entry.data.length, 9) // UNP_SIZE
    head.writeUInt8(2, 13) // HOST_OS: Win32
    head.writeUInt32LE(crc32(entry.data), 14) // FILE_CRC
    head.writeUInt32LE(dosTime(modified), 18) // FTIME
    head.writeUInt8(20, 22) // UNP_VER 2.0
    head.writeUInt8(0x30, 23) // METHOD: store
    head.writeUInt16LE(name.length, 24) // NAME_SIZE
    head.writeUInt32LE(0x20, 26) // ATTR: archive
    parts.push(rarBlock(Buffer.concat([head, name])), entry.data)
  }
  const end = Buffer.alloc(5)
  end.writeUInt8(0x7b, 0) // HEAD_TYPE: end of archive
  end.writeUInt16LE(0x4000, 1)
  end.writeUInt16LE(7, 3)
  parts.push(rarBlock(end))
  return Buffer.concat(parts)
}

/**
 * A zip bomb as a CBZ: one page declaring (and inflating to) `bytes` of zeros from a few kilobytes, among
 * ordinary pages.
 */
export function makeZipBombCbz(bytes = 64 * 1024 * 1024): Buffer {
  return zipBuffer([
    { name: 'page1.png', data: comicPagePng({ width: 8, height: 8 }), store: true },
    { name: 'page2.png', data: Buffer.alloc(bytes) },
  ])
}
