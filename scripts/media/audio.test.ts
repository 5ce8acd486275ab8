import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIO_FORMATS, makeAudio, tagPlan, type AudioTags } from './audio.ts'
import { probeMedia } from './ffmpeg.ts'
import { makeCoverImage } from './image.ts'

let dir: string
let cover: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-audio-test-'))
  cover = await makeCoverImage({ path: join(dir, 'cover.jpg'), width: 120, height: 90, text: 'Cover' })
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const tags: AudioTags = {
  title: 'The Ember Road',
  artist: 'Aldous Fenwick',
  album: 'The Ember Road: Complete',
  albumArtist: 'Aldous Fenwick',
  composer: 'Mara Quill',
  genre: 'Fantasy',
  date: '1898',
  track: 2,
  trackTotal: 3,
  disc: 1,
  comment: 'A comment = with; #specials',
  publisher: 'Lantern House',
  language: 'eng',
  series: 'The Lantern Cycle',
  seriesPart: 1,
  grouping: 'The Lantern Cycle #1',
  asin: 'B0SHELF001',
  custom: { narrator_note: 'é ünïcode ✓' },
}

const chapters = [
  { title: 'Opening', startSec: 0, endSec: 2.5 },
  { title: 'Middle = two; #2', startSec: 2.5, endSec: 5 },
  { title: 'Ending', startSec: 5, endSec: 6 },
]

describe.each(AUDIO_FORMATS)('makeAudio %s', (format) => {
  it('writes the duration, mono low-rate audio, every tag, the chapters and the embedded cover', async () => {
    const path = await makeAudio({
      path: join(dir, `book.${format}`),
      durationSec: 6,
      tags,
      chapters,
      coverImage: cover,
    })
    const info = await probeMedia(path)

    expect(info.durationSec).toBeGreaterThan(5.9)
    expect(info.durationSec).toBeLessThan(6.15)
    expect(info.audio).toMatchObject({ sampleRate: 22050, channels: 1 })

    expect(info.tags).toMatchObject({
      title: 'The Ember Road',
      artist: 'Aldous Fenwick',
      album: 'The Ember Road: Complete',
      album_artist: 'Aldous Fenwick',
      composer: 'Mara Quill',
      genre: 'Fantasy',
      date: '1898',
      disc: '1',
      publisher: 'Lantern House',
      language: 'eng',
      series: 'The Lantern Cycle',
      'series-part': '1',
      grouping: 'The Lantern Cycle #1',
      asin: 'B0SHELF001',
      narrator_note: 'é ünïcode ✓',
      comment: 'A comment = with; #specials',
    })
    if (format === 'flac' || format === 'ogg')
      expect(info.tags).toMatchObject({ track: '2', tracktotal: '3' })
    else expect(info.tags.track).toBe('2/3')

    expect(info.chapters.map((c) => c.title)).toEqual(['Opening', 'Middle = two; #2', 'Ending'])
    expect(info.chapters.map((c) => c.startSec)).toEqual([0, 2.5, 5])
    expect(info.chapters[0]?.endSec).toBe(2.5)
    expect(info.chapters[2]?.endSec).toBeGreaterThanOrEqual(5.9)

    expect(info.attachedPicture).toEqual({ codec: 'mjpeg', width: 120, height: 90 })
  })
})

describe('makeAudio', () => {
  it('makes a plain file with no tags, chapters or picture, and an m4b with the audiobook brand', async () => {
    const path = await makeAudio({ path: join(dir, 'plain.m4b'), durationSec: 1.5, frequencyHz: 220 })
    const info = await probeMedia(path)
    expect(info.durationSec).toBeCloseTo(1.5, 1)
    expect(info.chapters).toEqual([])
    expect(info.attachedPicture).toBeNull()
    expect(info.tags.major_brand?.trim()).toBe('M4B')
    expect(info.tags.title).toBeUndefined()
  })

  it('writes mp3 as ID3v2.3 with the cover as an APIC frame', async () => {
    const path = await makeAudio({
      path: join(dir, 'id3.mp3'),
      durationSec: 1,
      tags: { title: 'T' },
      coverImage: cover,
    })
    const head = await readFile(path)
    expect(head.toString('latin1', 0, 3)).toBe('ID3')
    expect(head[3]).toBe(3)
    expect(head.subarray(0, 4096).includes(Buffer.from('APIC'))).toBe(true)
  })

  it('embeds a PNG cover too', async () => {
    const png = await makeCoverImage({ path: join(dir, 'cover.png'), width: 64, height: 64 })
    const path = await makeAudio({ path: join(dir, 'png.m4a'), durationSec: 1, coverImage: png })
    expect((await probeMedia(path)).attachedPicture).toEqual({ codec: 'png', width: 64, height: 64 })
  })

  it('rejects bad chapters and unknown formats before running ffmpeg', async () => {
    await expect(
      makeAudio({
        path: join(dir, 'x.mp3'),
        durationSec: 2,
        chapters: [{ title: 'a', startSec: 0, endSec: 3 }],
      }),
    ).rejects.toThrow(/chapters/)
    await expect(
      makeAudio({
        path: join(dir, 'x.mp3'),
        durationSec: 4,
        chapters: [
          { title: 'a', startSec: 0, endSec: 2 },
          { title: 'b', startSec: 1, endSec: 3 },
        ],
      }),
    ).rejects.toThrow(/chapters/)
    await expect(makeAudio({ path: join(dir, 'x.wav'), durationSec: 1 })).rejects.toThrow(/format/)
  })

  it('sends the tags each container cannot hold natively to the right place', () => {
    expect(tagPlan('m4b', { title: 'T', publisher: 'P', language: 'eng' })).toEqual({
      ffmpeg: [['title', 'T']],
      mp4Freeform: { publisher: 'P', language: 'eng' },
    })
    expect(tagPlan('mp3', { publisher: 'P', track: 1, trackTotal: 3 }).ffmpeg).toEqual([
      ['track', '1/3'],
      ['publisher', 'P'],
    ])
    expect(tagPlan('ogg', { comment: 'c', description: 'd' }).ffmpeg).toEqual([['comment', 'd']])
  })
})
