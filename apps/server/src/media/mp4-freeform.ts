import fs from 'node:fs/promises'

/**
 * iTunes freeform atoms (`----` with `mean` com.apple.iTunes and a `name`) in `moov/udta/meta/ilst` of an MP4
 * written by ffmpeg: its muxer only knows a fixed atom list, so publisher, ASIN, ISBN, series ... are added here.
 * The moov box is rebuilt with the new ilst; when moov lies before the media data every `stco`/`co64` chunk offset
 * behind it moves by the size change. Anything unexpected (no moov, a 64-bit moov, fragments) is refused and the
 * file is left untouched.
 */

const MEAN = 'com.apple.iTunes'
/** moov is read into memory: with a cover it is a few MB; more means this is not a file we wrote. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024
const HEADER = 8

/**
 * The tags ffmpeg's MP4 muxer drops, under the freeform names Audiobookshelf's probe and our scanner read back
 * (`series`, `series-part`, `asin` ...). `grouping` ("Name #n") is an atom ffmpeg writes itself and stays.
 */
export const FREEFORM_KEYS: ReadonlySet<string> = new Set([
  'subtitle',
  'publisher',
  'isbn',
  'asin',
  'language',
  'series',
  'series-part',
])

/** Of ffmpeg-style `[key, value]` tags, those only freeform atoms can carry in MP4. */
export function freeformTagsOf(tags: readonly (readonly [string, string])[]): [string, string][] {
  return tags.filter(([key]) => FREEFORM_KEYS.has(key)).map(([key, value]) => [key, value])
}

export type FreeformResult = { written: true } | { written: false; reason: string }

interface Box {
  type: string
  /** Offset of the box header. */
  start: number
  /** Offset just past the box. */
  end: number
  /** Offset of the payload. */
  body: number
}

/** The boxes of `buf[from, to)`, or a reason they do not parse. */
function childBoxes(buf: Buffer, from: number, to: number): Box[] | string {
  const out: Box[] = []
  let at = from
  while (at < to) {
    if (to - at < HEADER) return 'truncated box header'
    const size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    if (size === 1) return `64-bit size in ${type}`
    if (size === 0 || size < HEADER || at + size > to) return `bad size of ${type}`
    out.push({ type, start: at, end: at + size, body: at + HEADER })
    at += size
  }
  return out
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(HEADER)
  const body = Buffer.concat(parts)
  head.writeUInt32BE(HEADER + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/** A full box's version and flags (0) followed by its payload. */
const full = (payload: Buffer) => Buffer.concat([Buffer.alloc(4), payload])

/** One `----` atom holding a UTF-8 text value. */
export function freeformAtom(name: string, value: string): Buffer {
  const data = Buffer.alloc(8)
  data.writeUInt32BE(1, 0) // well-known type 1: UTF-8 text; then a 4-byte locale of 0
  return box(
    '----',
    box('mean', full(Buffer.from(MEAN, 'latin1'))),
    box('name', full(Buffer.from(name, 'utf8'))),
    box('data', data, Buffer.from(value, 'utf8')),
  )
}

/** The name of a `----` atom under com.apple.iTunes, or null for any other atom. */
function freeformName(buf: Buffer, atom: Box): string | null {
  if (atom.type !== '----') return null
  const parts = childBoxes(buf, atom.body, atom.end)
  if (typeof parts === 'string') return null
  const mean = parts.find((p) => p.type === 'mean')
  const name = parts.find((p) => p.type === 'name')
  if (!mean || !name || mean.end - mean.body < 4 || name.end - name.body < 4) return null
  if (buf.toString('latin1', mean.body + 4, mean.end) !== MEAN) return null
  return buf.toString('utf8', name.body + 4, name.end)
}

/** The path of boxes from `parent` down to the first child of each type, or a reason it is not there. */
function descend(buf: Buffer, parent: Box, types: readonly string[]): Box[] | string {
  const chain: Box[] = [parent]
  let current = parent
  for (const type of types) {
    // meta is a full box: its children start after version and flags.
    const from = current.type === 'meta' ? current.body + 4 : current.body
    const children = childBoxes(buf, from, current.end)
    if (typeof children === 'string') return children
    const next = children.find((c) => c.type === type)
    if (!next) return `no ${type} box`
    chain.push(next)
    current = next
  }
  return chain
}

/**
 * moov with the freeform atoms put into its ilst (replacing atoms of the same names), and the chunk offsets at or
 * past `shiftFrom` (file offsets) moved by the size change. `moov` starts at buffer offset 0.
 */
export function rewriteMoov(
  moov: Buffer,
  tags: readonly (readonly [string, string])[],
  shiftFrom: number | null,
): Buffer | string {
  const root: Box = { type: 'moov', start: 0, end: moov.length, body: HEADER }
  const chain = descend(moov, root, ['udta', 'meta', 'ilst'])
  if (typeof chain === 'string') return chain
  const ilst = chain[3] as Box
  const atoms = childBoxes(moov, ilst.body, ilst.end)
  if (typeof atoms === 'string') return atoms
  const replaced = new Set(tags.map(([name]) => name.toLowerCase()))
  const kept = atoms
    .filter((a) => !replaced.has(freeformName(moov, a)?.toLowerCase() ?? '\0'))
    .map((a) => moov.subarray(a.start, a.end))
  const added = tags.map(([name, value]) => freeformAtom(name, value))
  const newIlstBody = Buffer.concat([...kept, ...added])
  const delta = newIlstBody.length - (ilst.end - ilst.body)

  const out = Buffer.concat([moov.subarray(0, ilst.body), newIlstBody, moov.subarray(ilst.end)])
  // Every box around ilst (moov, udta, meta, ilst) grows by delta.
  for (const b of chain) {
    const size = moov.readUInt32BE(b.start) + delta
    if (size > 0xffffffff) return 'moov too large for a 32-bit size'
    out.writeUInt32BE(size, b.start)
  }
  if (shiftFrom !== null && delta !== 0) {
    const shifted = shiftChunkOffsets(out, delta, shiftFrom)
    if (shifted) return shifted
  }
  return out
}

/** Moves every stco/co64 entry at or past `from` by `delta`, in place; a reason on anything it cannot do. */
function shiftChunkOffsets(moov: Buffer, delta: number, from: number): string | null {
  const root = childBoxes(moov, HEADER, moov.length)
  if (typeof root === 'string') return root
  for (const trak of root.filter((b) => b.type === 'trak')) {
    const chain = descend(moov, trak, ['mdia', 'minf', 'stbl'])
    if (typeof chain === 'string') return `track: ${chain}`
    const stbl = chain[3] as Box
    const tables = childBoxes(moov, stbl.body, stbl.end)
    if (typeof tables === 'string') return tables
    for (const t of tables) {
      if (t.type !== 'stco' && t.type !== 'co64') continue
      const wide = t.type === 'co64'
      const count = moov.readUInt32BE(t.body + 4)
      const step = wide ? 8 : 4
      if (t.body + 8 + count * step > t.end) return `bad ${t.type} entry count`
      for (let i = 0; i < count; i++) {
        const at = t.body + 8 + i * step
        const offset = wide ? Number(moov.readBigUInt64BE(at)) : moov.readUInt32BE(at)
        if (offset < from) continue
        const moved = offset + delta
        if (wide) moov.writeBigUInt64BE(BigInt(moved), at)
        else if (moved > 0xffffffff) return 'chunk offset past 4 GB in stco'
        else moov.writeUInt32BE(moved, at)
      }
    }
  }
  return null
}

interface TopBox {
  type: string
  start: number
  size: number
  headerSize: number
}

/** The file's top-level boxes (64-bit sizes are read so a large mdat can be walked past). */
async function topLevelBoxes(handle: fs.FileHandle, fileSize: number): Promise<TopBox[] | string> {
  const out: TopBox[] = []
  const head = Buffer.alloc(16)
  let at = 0
  while (at < fileSize) {
    const { bytesRead } = await handle.read(head, 0, 16, at)
    if (bytesRead < HEADER) return 'truncated top-level box'
    let size = head.readUInt32BE(0)
    const type = head.toString('latin1', 4, 8)
    let headerSize = HEADER
    if (size === 1) {
      if (bytesRead < 16) return 'truncated 64-bit box header'
      size = Number(head.readBigUInt64BE(8))
      headerSize = 16
    } else if (size === 0) size = fileSize - at
    if (size < headerSize || at + size > fileSize) return `bad size of top-level ${type}`
    out.push({ type, start: at, size, headerSize })
    at += size
  }
  return out
}

/**
 * Adds (or replaces) freeform text atoms in an MP4/M4B/M4A file, rewriting it. Meant for a freshly written temp
 * file: moov last (ffmpeg's default) is rewritten in place; moov first is copied into a sibling file that replaces
 * it. Empty values are skipped. Returns why nothing was written when the file is not one it handles.
 */
export async function writeFreeformTags(
  file: string,
  tags: readonly (readonly [string, string])[],
): Promise<FreeformResult> {
  const values = tags.filter(([name, value]) => name && value)
  if (values.length === 0) return { written: true }
  const handle = await fs.open(file, 'r+')
  let copyFrom: { moov: TopBox; next: Buffer }
  try {
    const { size: fileSize } = await handle.stat()
    const boxes = await topLevelBoxes(handle, fileSize)
    if (typeof boxes === 'string') return { written: false, reason: boxes }
    if (boxes.some((b) => b.type === 'moof')) return { written: false, reason: 'fragmented MP4 (moof)' }
    const moovs = boxes.filter((b) => b.type === 'moov')
    const moov = moovs[0]
    if (!moov || moovs.length > 1) return { written: false, reason: 'no single moov box' }
    if (moov.headerSize !== HEADER) return { written: false, reason: '64-bit moov size' }
    if (moov.size > MAX_MOOV_BYTES) return { written: false, reason: 'moov box too large' }
    const old = Buffer.alloc(moov.size)
    await handle.read(old, 0, moov.size, moov.start)
    const isLast = moov.start + moov.size === fileSize
    // Media data behind moov moves with it; data before it stays where it is.
    const next = rewriteMoov(old, values, isLast ? null : moov.start + moov.size)
    if (typeof next === 'string') return { written: false, reason: next }
    if (isLast) {
      await handle.write(next, 0, next.length, moov.start)
      await handle.truncate(moov.start + next.length)
      await handle.sync()
      return { written: true }
    }
    copyFrom = { moov, next }
  } finally {
    await handle.close()
  }
  await copyWithNewMoov(file, copyFrom.moov, copyFrom.next)
  return { written: true }
}

/** Writes `file` again with its moov replaced, into a sibling that is renamed over it. */
async function copyWithNewMoov(file: string, moov: TopBox, next: Buffer): Promise<void> {
  const temp = `${file}.tags-${process.pid}`
  const src = await fs.open(file, 'r')
  try {
    const dst = await fs.open(temp, 'w')
    try {
      const { size } = await src.stat()
      const chunk = Buffer.alloc(1024 * 1024)
      const copy = async (from: number, to: number, writeAt: number) => {
        for (let at = from; at < to;) {
          const { bytesRead } = await src.read(chunk, 0, Math.min(chunk.length, to - at), at)
          if (bytesRead === 0) throw new Error('file shrank while its tags were written')
          await dst.write(chunk, 0, bytesRead, writeAt + (at - from))
          at += bytesRead
        }
      }
      await copy(0, moov.start, 0)
      await dst.write(next, 0, next.length, moov.start)
      await copy(moov.start + moov.size, size, moov.start + next.length)
      await dst.sync()
    } finally {
      await dst.close()
    }
  } catch (err) {
    await fs.rm(temp, { force: true })
    throw err
  } finally {
    await src.close()
  }
  await fs.rename(temp, file)
}
