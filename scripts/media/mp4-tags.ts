import { readFile, rename, writeFile } from 'node:fs/promises'

// ffmpeg's mp4 muxer only writes the iTunes atoms it knows (title, artist, album, composer, genre, date, comment,
// grouping, description, track, disc ...) and silently drops the rest. Readers take publisher, language, series,
// ISBN and ASIN from iTunes "freeform" atoms (----, mean com.apple.iTunes, name <key>), so we add those ourselves.
// ffmpeg writes the moov box last (we never ask for +faststart), which makes this safe: growing moov moves no media
// data, so no chunk offset changes.

interface Box {
  type: string
  start: number
  size: number
  headerSize: number
}

function readBoxes(buf: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = []
  let at = start
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    let headerSize = 8
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8))
      headerSize = 16
    } else if (size === 0) {
      size = end - at
    }
    if (size < headerSize || at + size > end)
      throw new Error(`mp4: box '${type}' at ${at} overruns its parent`)
    boxes.push({ type, start: at, size, headerSize })
    at += size
  }
  return boxes
}

function child(buf: Buffer, parent: Box, type: string, skip = 0): Box | undefined {
  return readBoxes(buf, parent.start + parent.headerSize + skip, parent.start + parent.size).find(
    (b) => b.type === type,
  )
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + body.length, 0)
  header.write(type, 4, 'latin1')
  return Buffer.concat([header, body])
}

const fullBoxHeader = (flags = 0): Buffer => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(flags, 0)
  return b
}

/** One `----:com.apple.iTunes:<name>` atom holding a UTF-8 string. */
export function freeformAtom(name: string, value: string): Buffer {
  const dataHeader = Buffer.alloc(8)
  dataHeader.writeUInt32BE(1, 0) // type 1 = UTF-8 text; then a 4-byte locale of 0
  return box(
    '----',
    box('mean', fullBoxHeader(), Buffer.from('com.apple.iTunes', 'utf8')),
    box('name', fullBoxHeader(), Buffer.from(name, 'utf8')),
    box('data', dataHeader, Buffer.from(value, 'utf8')),
  )
}

/** Appends freeform atoms to moov/udta/meta/ilst of an mp4/m4a/m4b file written by ffmpeg. */
export async function addMp4FreeformTags(path: string, tags: Record<string, string>): Promise<void> {
  const entries = Object.entries(tags)
  if (entries.length === 0) return
  const buf = await readFile(path)
  const moov = readBoxes(buf, 0, buf.length).find((b) => b.type === 'moov')
  if (!moov) throw new Error(`${path}: no moov box`)
  if (moov.start + moov.size !== buf.length) throw new Error(`${path}: moov is not the last box (faststart?)`)
  const udta = child(buf, moov, 'udta')
  const meta = udta && child(buf, udta, 'meta')
  const ilst = meta && child(buf, meta, 'ilst', 4) // meta is a full box: 4 bytes of version and flags first
  if (!udta || !meta || !ilst) throw new Error(`${path}: no udta/meta/ilst to extend`)
  const parents = [moov, udta, meta, ilst]
  if (parents.some((b) => b.headerSize !== 8)) throw new Error(`${path}: 64-bit box sizes are not supported`)

  const payload = Buffer.concat(entries.map(([name, value]) => freeformAtom(name, value)))
  const insertAt = ilst.start + ilst.size
  const out = Buffer.concat([buf.subarray(0, insertAt), payload, buf.subarray(insertAt)])
  for (const parent of parents) out.writeUInt32BE(parent.size + payload.length, parent.start)
  const tmp = `${path}.tags-${process.pid}.tmp`
  await writeFile(tmp, out)
  await rename(tmp, path)
}
