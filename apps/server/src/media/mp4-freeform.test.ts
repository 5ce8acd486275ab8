import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeAudioFile } from '../scanner/audio-probe.ts'
import { freeformTagsOf, rewriteMoov, writeFreeformTags } from './mp4-freeform.ts'

let dir: string

const TAGS: [string, string][] = [
  ['publisher', 'Tor Books'],
  ['asin', 'B00ASIN123'],
  ['isbn', '9780765326355'],
  ['language', 'English'],
  ['subtitle', 'Book One of the Stormlight Archive'],
  ['series', 'The Stormlight Archive'],
  ['series-part', '1'],
]

/** A 3 s AAC M4B with a title, two chapters and a cover, moov first (faststart) or last (ffmpeg's default). */
function makeM4b(name: string, faststart: boolean): string {
  const cover = path.join(dir, 'cover.png')
  if (!fs.existsSync(cover)) {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=32x32',
      '-frames:v',
      '1',
      cover,
    ])
  }
  const meta = path.join(dir, `${name}.ffmeta`)
  fs.writeFileSync(
    meta,
    ';FFMETADATA1\ntitle=Freeform Book\ngrouping=Old #9\n' +
      '[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=One\n' +
      '[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=Two\n',
  )
  const out = path.join(dir, `${name}.m4b`)
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-f', 'ffmetadata', '-i', meta, '-i', cover],
    ...['-map', '0:a', '-map', '2:v', '-c:a', 'aac', '-b:a', '64k', '-c:v', 'copy'],
    ...['-disposition:v:0', 'attached_pic', '-map_metadata', '1', '-map_chapters', '1'],
    ...(faststart ? ['-movflags', '+faststart'] : []),
    ...['-f', 'mp4', out],
  ])
  return out
}

interface Probe {
  format: { duration: string; tags?: Record<string, string> }
  streams: { codec_type: string; disposition?: { attached_pic?: number } }[]
  chapters: { tags?: { title?: string } }[]
}

function ffprobe(file: string): Probe {
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-of', 'json', '-show_format', '-show_streams', '-show_chapters', file],
  ])
  return JSON.parse(out.toString()) as Probe
}

/** Offset of the first top-level box of `type`. */
function topBox(file: string, type: string): number {
  const buf = fs.readFileSync(file)
  let at = 0
  while (at < buf.length) {
    const size = buf.readUInt32BE(at)
    if (buf.toString('latin1', at + 4, at + 8) === type) return at
    at += size
  }
  return -1
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp4-freeform-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe.each([
  ['moov last', false],
  ['moov first', true],
])('writeFreeformTags (%s)', (name, faststart) => {
  it('adds the atoms; the file still plays with its streams, cover and chapters, and reads back', async () => {
    const file = makeM4b(name.replace(' ', '-'), faststart)
    expect(topBox(file, 'moov') < topBox(file, 'mdat')).toBe(faststart)
    const before = ffprobe(file)

    expect(await writeFreeformTags(file, TAGS)).toEqual({ written: true })

    expect(topBox(file, 'moov') < topBox(file, 'mdat')).toBe(faststart)
    const after = ffprobe(file)
    expect(Number(after.format.duration)).toBeCloseTo(Number(before.format.duration), 2)
    // ffmpeg's MP4 chapters are a text track: audio, chapter data and the cover, as before.
    expect(after.streams.map((s) => s.codec_type)).toEqual(before.streams.map((s) => s.codec_type))
    expect(after.streams.find((s) => s.codec_type === 'video')?.disposition?.attached_pic).toBe(1)
    expect(after.chapters.map((c) => c.tags?.title)).toEqual(['One', 'Two'])
    expect(after.format.tags?.title).toBe('Freeform Book')
    expect(after.format.tags?.['series-part']).toBe('1')
    expect(after.format.tags?.asin).toBe('B00ASIN123')
    // Decoding every packet proves the chunk offsets still point at the audio.
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'])
    expect(decode.status).toBe(0)
    expect(decode.stderr.toString()).toBe('')

    const probe = await probeAudioFile(file, fs.statSync(file).size, { ffprobePath: 'ffprobe' })
    expect(probe.error).toBeNull()
    expect(probe.tags).toMatchObject({
      title: 'Freeform Book',
      publisher: 'Tor Books',
      asin: 'B00ASIN123',
      isbn: '9780765326355',
      language: 'English',
      subtitle: 'Book One of the Stormlight Archive',
      series: 'The Stormlight Archive',
      seriesPart: '1',
      grouping: 'Old #9',
    })
    expect(probe.chapters).toHaveLength(2)
    expect(probe.embeddedCoverArt).not.toBeNull()
  })

  it('replaces atoms of the same name rather than adding a second one', async () => {
    const file = makeM4b(`${name.replace(' ', '-')}-twice`, faststart)
    await writeFreeformTags(file, TAGS)
    const once = fs.statSync(file).size
    expect(await writeFreeformTags(file, [['ASIN', 'B0NEWASIN1']])).toEqual({ written: true })
    const probe = await probeAudioFile(file, fs.statSync(file).size, { ffprobePath: 'ffprobe' })
    expect(probe.tags.asin).toBe('B0NEWASIN1')
    expect(probe.tags.publisher).toBe('Tor Books')
    expect(fs.statSync(file).size).toBe(once)
    expect(spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']).status).toBe(0)
  })
})

describe('writeFreeformTags refuses what it does not handle', () => {
  it('leaves a file without moov untouched', async () => {
    const file = path.join(dir, 'not-mp4.m4b')
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypM4B \0\0\0\0')]))
    const bytes = fs.readFileSync(file)
    expect(await writeFreeformTags(file, TAGS)).toEqual({ written: false, reason: 'no single moov box' })
    expect(fs.readFileSync(file)).toEqual(bytes)
  })

  it('leaves a fragmented MP4 untouched', async () => {
    const file = path.join(dir, 'fragmented.m4a')
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:a', 'aac', '-metadata', 'title=x'],
      ...['-movflags', '+frag_keyframe+empty_moov', '-f', 'mp4', file],
    ])
    const bytes = fs.readFileSync(file)
    expect(await writeFreeformTags(file, TAGS)).toEqual({ written: false, reason: 'fragmented MP4 (moof)' })
    expect(fs.readFileSync(file)).toEqual(bytes)
  })

  it('leaves a garbage file untouched', async () => {
    const file = path.join(dir, 'garbage.m4a')
    fs.writeFileSync(file, Buffer.from('this is not an mp4 file at all'))
    const result = await writeFreeformTags(file, TAGS)
    expect(result.written).toBe(false)
    expect(fs.readFileSync(file).toString()).toBe('this is not an mp4 file at all')
  })
})

/** A box of `type` around `parts`. */
function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/** A co64 table of the given offsets. */
function co64(offsets: number[]): Buffer {
  const body = Buffer.alloc(8 + offsets.length * 8)
  body.writeUInt32BE(offsets.length, 4)
  offsets.forEach((o, i) => body.writeBigUInt64BE(BigInt(o), 8 + i * 8))
  return box('co64', body)
}

describe('rewriteMoov', () => {
  const trak = (offsets: number[]) => box('trak', box('mdia', box('minf', box('stbl', co64(offsets)))))
  const udta = box('udta', box('meta', Buffer.alloc(4), box('ilst')))

  it('moves co64 offsets behind moov by the growth and leaves those before it', () => {
    const moov = box('moov', trak([100, 5_000_000_000, 900]), udta)
    const out = rewriteMoov(moov, [['asin', 'B0X']], 500)
    if (typeof out === 'string') throw new Error(out)
    const delta = out.length - moov.length
    expect(delta).toBeGreaterThan(0)
    expect(out.readUInt32BE(0)).toBe(out.length)
    const at = out.indexOf('co64') + 4 + 8
    expect([0, 1, 2].map((i) => Number(out.readBigUInt64BE(at + i * 8)))).toEqual([
      100,
      5_000_000_000 + delta,
      900 + delta,
    ])
    expect(out.includes(Buffer.from('com.apple.iTunes'))).toBe(true)
  })

  it('refuses a moov without udta/meta/ilst or with a 64-bit inner size', () => {
    expect(rewriteMoov(box('moov', trak([100])), [['asin', 'B0X']], 0)).toBe('no udta box')
    const wide = box('moov', udta)
    wide.writeUInt32BE(1, 8) // udta claims a 64-bit size
    expect(rewriteMoov(wide, [['asin', 'B0X']], 0)).toBe('64-bit size in udta')
  })

  it('picks the tags ffmpeg drops from an ffmpeg tag list', () => {
    expect(
      freeformTagsOf([
        ['title', 'T'],
        ['grouping', 'S #1'],
        ['series', 'S'],
        ['series-part', '1'],
        ['asin', 'B0X'],
      ]),
    ).toEqual([
      ['series', 'S'],
      ['series-part', '1'],
      ['asin', 'B0X'],
    ])
  })
})
