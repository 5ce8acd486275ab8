import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { makeAudio } from './audio.ts'

async function write(path: string, data: Buffer): Promise<string> {
  const abs = resolve(path)
  await mkdir(dirname(abs), { recursive: true })
  await writeFile(abs, data)
  return abs
}

/** One ID3v2.3 frame; `claimedSize` may lie about the data's length (as hostile files do). */
export function id3Frame(id: string, data: Buffer, claimedSize = data.length): Buffer {
  const head = Buffer.alloc(10)
  head.write(id, 0, 'latin1')
  head.writeUInt32BE(claimedSize, 4)
  return Buffer.concat([head, data])
}

/** An ID3v2.3 tag of these frames; its size (synchsafe) is the frames' unless `claimedSize` is given. */
export function id3Tag(frames: Buffer, claimedSize = frames.length): Buffer {
  const size = claimedSize
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ])
  return Buffer.concat([header, frames])
}

/** An empty file (e.g. `broken.m4b`). */
export function makeZeroByteFile(path: string): Promise<string> {
  return write(path, Buffer.alloc(0))
}

export interface MakeTruncatedFileOptions {
  /** A valid media file to cut. */
  source: string
  path: string
  /** Bytes to keep; default: `keepFraction` of the source. */
  keepBytes?: number
  /** Default 0.4. */
  keepFraction?: number
}

/** The first part of a real file: its header promises more than the file holds. */
export async function makeTruncatedFile(options: MakeTruncatedFileOptions): Promise<string> {
  const data = await readFile(options.source)
  const keep = options.keepBytes ?? Math.floor(data.length * (options.keepFraction ?? 0.4))
  if (!(keep >= 0 && keep < data.length))
    throw new Error('makeTruncatedFile: must keep fewer bytes than the source has')
  return write(options.path, data.subarray(0, keep))
}

export interface MakeGarbageFileOptions {
  path: string
  /** Default 4096. */
  bytes?: number
  /** Same seed, same bytes. Default 1. */
  seed?: number
}

/**
 * Deterministic noise under a media name (e.g. `garbage.mp3`). No byte is 0xFF, so nothing in it can look like an
 * MPEG frame sync, and it starts with no known magic number.
 */
export function makeGarbageFile(options: MakeGarbageFileOptions): Promise<string> {
  const data = Buffer.alloc(options.bytes ?? 4096)
  let state = (options.seed ?? 1) >>> 0 || 1
  for (let i = 0; i < data.length; i++) {
    // xorshift32
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    data[i] = (state & 0xff) % 0xff
  }
  return write(options.path, data)
}

export interface BrokenFiles {
  /** 0 bytes */
  zeroByteM4b: string
  /** The first 40 % of a 6-second mp3 */
  truncatedMp3: string
  /** 4 KiB of noise */
  garbageMp3: string
}

/** The usual broken fixtures in `dir`: `zero-byte.m4b`, `truncated.mp3`, `garbage.mp3`. */
export async function makeBrokenFiles(dir: string): Promise<BrokenFiles> {
  const full = join(resolve(dir), '.truncated-source.mp3')
  await makeAudio({ path: full, durationSec: 6, tags: { title: 'Truncated' } })
  try {
    return {
      zeroByteM4b: await makeZeroByteFile(join(dir, 'zero-byte.m4b')),
      truncatedMp3: await makeTruncatedFile({ source: full, path: join(dir, 'truncated.mp3') }),
      garbageMp3: await makeGarbageFile({ path: join(dir, 'garbage.mp3') }),
    }
  } finally {
    await rm(full, { force: true })
  }
}
