import { describe, expect, it } from 'vitest'
import {
  bookTags,
  chaptersOfFile,
  embedArguments,
  ffmetadataText,
  pictureBlockBase64,
  tagFlavourOf,
  vorbisTime,
} from './embed-tags.ts'

const meta = {
  title: 'Book',
  subtitle: null,
  authors: [
    { id: 'a', name: 'Ann' },
    { id: 'b', name: 'Bob' },
  ],
  narrators: ['Nora'],
  series: [{ id: 's', name: 'Saga', sequence: '3' }],
  genres: ['Fantasy', 'Horror'],
  publishedYear: '1999',
  publishedDate: null,
  publisher: null,
  description: 'Line one\u0007\nline two',
  isbn: null,
  asin: 'B0001',
  language: null,
}

describe('embed tags', () => {
  it('maps the metadata to ffmpeg keys, leaving out empty fields and control characters', () => {
    const tags = new Map(bookTags(meta, { index: 2, total: 5 }))
    expect(tags.get('artist')).toBe('Ann, Bob')
    expect(tags.get('composer')).toBe('Nora')
    expect(tags.get('genre')).toBe('Fantasy; Horror')
    expect(tags.get('date')).toBe('1999')
    expect(tags.get('grouping')).toBe('Saga #3')
    expect(tags.get('series-part')).toBe('3')
    expect(tags.get('track')).toBe('2/5')
    expect(tags.get('description')).toBe('Line one\nline two')
    expect(tags.has('publisher')).toBe(false)
    expect(new Map(bookTags(meta, { index: 1, total: 1 })).has('track')).toBe(false)
  })

  it('gives a file the chapters that fall in it, relative to its start, without zero-length slivers', () => {
    const chapters = [
      { id: 0, start: 0, end: 100, title: 'A' },
      { id: 1, start: 100, end: 250, title: 'B' },
      { id: 2, start: 250, end: 300.005, title: 'C' },
    ]
    expect(chaptersOfFile(chapters, 0, 300)).toEqual([
      { start: 0, end: 100, title: 'A' },
      { start: 100, end: 250, title: 'B' },
      { start: 250, end: 300, title: 'C' },
    ])
    expect(chaptersOfFile(chapters, 200, 100)).toEqual([
      { start: 0, end: 50, title: 'B' },
      { start: 50, end: 100, title: 'C' },
    ])
  })

  it('escapes ffmetadata values and writes chapters the way each container takes them', () => {
    const chapters = [{ start: 0, end: 61.5, title: 'One = #1; \\ok' }]
    const tags: [string, string][] = [['title', 'a=b;c#d\ne']]
    const mp3 = ffmetadataText({ tags, chapters, flavour: 'id3' })
    expect(mp3).toContain('title=a\\=b\\;c\\#d\\\ne')
    expect(mp3).toContain('[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=61500\ntitle=One \\= \\#1\\; \\\\ok')
    const flac = ffmetadataText({ tags, chapters, flavour: 'flac' })
    expect(flac).not.toContain('[CHAPTER]')
    expect(flac).toContain('CHAPTER001=00:00:00.000\nCHAPTER001NAME=One \\= \\#1\\; \\\\ok')
    const ogg = ffmetadataText({ tags, chapters, flavour: 'ogg', pictureBlock: 'AAAA' })
    expect(ogg).toContain('METADATA_BLOCK_PICTURE=AAAA')
    expect(ogg).not.toContain('[CHAPTER]')
    expect(ogg).toContain('CHAPTER001=00:00:00.000')
  })

  it('formats Vorbis chapter times', () => {
    expect(vorbisTime(3723.4567)).toBe('01:02:03.457')
    expect(vorbisTime(0)).toBe('00:00:00.000')
  })

  it('builds a FLAC picture block: front cover, mime, size, then the image bytes', () => {
    const image = Buffer.from([1, 2, 3])
    const block = Buffer.from(pictureBlockBase64(image, 'image/png', 10, 20), 'base64')
    expect(block.readUInt32BE(0)).toBe(3)
    expect(block.readUInt32BE(4)).toBe(9)
    expect(block.subarray(8, 17).toString()).toBe('image/png')
    expect(block.readUInt32BE(21)).toBe(10)
    expect(block.readUInt32BE(25)).toBe(20)
    expect(block.readUInt32BE(37)).toBe(3)
    expect([...block.subarray(41)]).toEqual([1, 2, 3])
  })

  it('knows which containers it writes, and copies streams as ID3v2.4 for MP3', () => {
    expect(tagFlavourOf('.M4B')).toBe('mp4')
    expect(tagFlavourOf('opus')).toBe('ogg')
    expect(tagFlavourOf('wma')).toBeNull()
    const args = embedArguments({
      input: '/a/-x.mp3',
      metadataFile: '/c/m',
      output: '/c/o.mp3',
      flavour: 'id3',
      cover: '/c/cover.jpg',
      embedChapters: true,
    })
    expect(args).toContain('file:/a/-x.mp3')
    expect(args.join(' ')).toContain('-map_chapters 1 -c copy -id3v2_version 4')
    expect(args.join(' ')).toContain('-map 2:v:0 -disposition:v:0 attached_pic')
    const ogg = embedArguments({
      input: '/a/x.opus',
      metadataFile: '/c/m',
      output: '/c/o.opus',
      flavour: 'ogg',
      cover: '/c/cover.jpg',
      embedChapters: false,
    })
    expect(ogg).not.toContain('file:/c/cover.jpg')
    expect(ogg.join(' ')).toContain('-map_chapters 0')
  })
})
