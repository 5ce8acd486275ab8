import { describe, expect, it } from 'vitest'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import {
  audioFilesInOrder,
  canCopyCodec,
  chaptersToWrite,
  defaultEncodeOptions,
  encodeQuery,
  isSingleM4b,
  metadataToWrite,
  refusalOf,
  toolFromQuery,
  type ToolBook,
} from './tool-plan.ts'

const book = (audio = 3): ToolBook => bookItemFixture('b1', { audio }) as ToolBook

const aacBook = (channels: number[]): ToolBook => {
  const b = book(channels.length)
  b.media.audioFiles.forEach((file, i) => {
    file.codec = 'aac'
    file.channels = channels[i]!
  })
  return b
}

describe('tool plan', () => {
  it('reads the tool from the query, the encoder by default', () => {
    expect(toolFromQuery('embed')).toBe('embed')
    expect(toolFromQuery('m4b')).toBe('m4b')
    expect(toolFromQuery(null)).toBe('m4b')
    expect(toolFromQuery('anything')).toBe('m4b')
  })

  it('refuses podcasts, missing books and books without audio', () => {
    expect(refusalOf(book())).toBeNull()
    expect(refusalOf({ ...book(), isMissing: true })).toBe('missing')
    expect(refusalOf(book(0))).toBe('noAudio')
    expect(refusalOf({ ...book(), mediaType: 'podcast' } as never)).toBe('podcast')
  })

  it('lists the files in track order without the excluded ones', () => {
    const b = book(3)
    b.media.audioFiles.reverse()
    b.media.audioFiles[0]!.exclude = true
    expect(audioFilesInOrder(b).map((f) => f.ino)).toEqual(['ino-0', 'ino-1'])
  })

  it('offers codec copy only when every file is AAC with the same channels', () => {
    expect(canCopyCodec(audioFilesInOrder(book()))).toBe(false)
    expect(canCopyCodec(audioFilesInOrder(aacBook([2, 2])))).toBe(true)
    expect(canCopyCodec(audioFilesInOrder(aacBook([2, 1])))).toBe(false)
    expect(defaultEncodeOptions(aacBook([2, 2])).codec).toBe('copy')
    expect(defaultEncodeOptions(book())).toMatchObject({ codec: 'aac', channels: 1, chapters: 'item' })
  })

  it('sends bitrate, channels and sample rate only for AAC', () => {
    const aac = { codec: 'aac', bitrate: '64k', channels: 2, sampleRate: 44100, chapters: 'files' } as const
    expect(encodeQuery(aac)).toEqual({
      codec: 'aac',
      bitrate: '64k',
      channels: 2,
      sampleRate: 44100,
      chapters: 'files',
    })
    expect(encodeQuery({ ...aac, sampleRate: null })).not.toHaveProperty('sampleRate')
    expect(encodeQuery({ ...aac, codec: 'copy' })).toEqual({ codec: 'copy', chapters: 'files' })
  })

  it("writes the item's chapters, or one per file named by its title tag or file name", () => {
    const b = book(2)
    expect(chaptersToWrite(b, 'item').map((c) => c.title)).toEqual(['One', 'Two'])
    b.media.audioFiles[1]!.metaTags = { tagTitle: 'Second Part' }
    expect(chaptersToWrite(b, 'files')).toEqual([
      { id: 0, start: 0, end: 30, title: 'part 1' },
      { id: 1, start: 30, end: 60, title: 'Second Part' },
    ])
    b.media.chapters = []
    expect(chaptersToWrite(b, 'item')).toHaveLength(2)
  })

  it('tells a single M4B apart', () => {
    const one = book(1)
    expect(isSingleM4b(audioFilesInOrder(one))).toBe(false)
    one.media.audioFiles[0]!.metadata.ext = '.M4B'
    expect(isSingleM4b(audioFilesInOrder(one))).toBe(true)
  })

  it('lists the tags that will be written, leaving out empty ones', () => {
    const rows = metadataToWrite(book())
    expect(rows).toContainEqual({ labelKey: 'LabelTitle', value: 'Dune' })
    expect(rows).toContainEqual({ labelKey: 'LabelAuthors', value: 'Frank Herbert' })
    expect(rows.map((r) => r.labelKey)).not.toContain('LabelNarrators')
  })
})
