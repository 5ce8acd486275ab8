import { describe, expect, it } from 'vitest'
import {
  canCopy,
  chaptersFromFiles,
  clipChapters,
  concatList,
  encodeArguments,
  ffmetadata,
  m4bFileName,
  type EncodeInput,
} from './encode-plan.ts'
import { chapterFileName, splitFolderName } from './split-plan.ts'

const input = (over: Partial<EncodeInput> = {}): EncodeInput => ({
  path: '/books/a/part.mp3',
  ino: '1',
  duration: 10,
  codec: 'mp3',
  sampleRate: 44100,
  channels: 2,
  size: 1000,
  mtimeMs: 1,
  title: 'Part',
  ...over,
})
const bytes = (s: string) => new TextEncoder().encode(s).length
const settings = { codec: 'aac', bitrate: '64k', channels: 1, chapters: 'item' } as const

describe('encode plan', () => {
  it('copies only when every input is AAC of one sample rate and channel count', () => {
    const aac = input({ codec: 'aac' })
    expect(canCopy([aac, aac])).toBe(true)
    expect(canCopy([aac, input()])).toBe(false)
    expect(canCopy([aac, { ...aac, sampleRate: 22050 }])).toBe(false)
    expect(canCopy([aac, { ...aac, channels: 1 }])).toBe(false)
    expect(canCopy([])).toBe(false)
  })

  it('makes one chapter per file and clips item chapters to the merged length', () => {
    expect(chaptersFromFiles([input({ title: 'A' }), input({ title: 'B', duration: 5 })])).toEqual([
      { id: 0, start: 0, end: 10, title: 'A' },
      { id: 1, start: 10, end: 15, title: 'B' },
    ])
    const clipped = clipChapters(
      [
        { id: 0, start: 0, end: 8, title: 'a' },
        { id: 1, start: 8, end: 30, title: 'b' },
        { id: 2, start: 30, end: 40, title: 'c' },
      ],
      20,
    )
    expect(clipped.map((c) => [c.start, c.end])).toEqual([
      [0, 8],
      [8, 20],
    ])
  })

  it('escapes ffmetadata values and writes millisecond chapters', () => {
    const text = ffmetadata([['title', 'A=B; #1 \\ x\nline']], [{ id: 0, start: 1.5, end: 2, title: '' }])
    expect(text).toBe(
      ';FFMETADATA1\ntitle=A\\=B\\; \\#1 \\\\ x\\\nline\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=2000\ntitle=Chapter 1\n',
    )
  })

  it("quotes the concat list's paths, single quotes included", () => {
    expect(concatList([input({ path: "/b/it's.mp3" })])).toBe("file '/b/it'\\''s.mp3'\n")
  })

  it('uses the concat demuxer for files of one shape and the concat filter otherwise', () => {
    const common = {
      listFile: '/c/l.txt',
      metadataFile: '/c/m.txt',
      cover: null,
      output: '/c/o.m4b',
      hasChapters: true,
    }
    const same = encodeArguments({ ...common, inputs: [input(), input()], copy: false, settings })
    expect(same).toContain('concat')
    expect(same.join(' ')).toContain('-c:a aac -b:a 64k -ac 1 -ar 44100')
    const mixed = encodeArguments({
      ...common,
      inputs: [input(), input({ codec: 'flac', sampleRate: 48000 })],
      copy: false,
      settings,
      cover: '/c/cover.webp',
    })
    expect(mixed.join(' ')).toMatch(/concat=n=2:v=0:a=1\[out\]/)
    expect(mixed.join(' ')).toContain('-c:v mjpeg -disposition:v:0 attached_pic')
    // Every path goes in with the file: protocol, never read as an option or another protocol.
    expect(mixed.filter((a) => a.startsWith('/'))).toEqual([])
  })

  it('names files and folders from metadata by the §5 rule: no separators, no "..", no reserved names, 255 bytes', () => {
    expect(m4bFileName('The / Book')).toBe('The Book.m4b')
    expect(m4bFileName('../../etc/passwd')).toBe('etcpasswd.m4b')
    expect(m4bFileName('..')).toBe('audiobook.m4b')
    expect(m4bFileName('CON')).toBe('audiobook.m4b')
    expect(m4bFileName('nul')).toBe('audiobook.m4b')
    expect(m4bFileName(null)).toBe('audiobook.m4b')
    const long = m4bFileName('é'.repeat(150)) // 300 bytes of UTF-8
    expect(bytes(long)).toBeLessThanOrEqual(255)
    expect(long.endsWith('.m4b')).toBe(true)
    expect(long.startsWith('éé')).toBe(true)

    expect(chapterFileName({ id: 0, start: 0, end: 1, title: 'A/B: C?' }, 0, 9)).toBe('01 - AB C.mp3')
    expect(chapterFileName({ id: 0, start: 0, end: 1, title: '..' }, 11, 120)).toBe('012 - Chapter 12.mp3')
    const longChapter = chapterFileName({ id: 0, start: 0, end: 1, title: '界'.repeat(100) }, 0, 3)
    expect(bytes(longChapter)).toBeLessThanOrEqual(255)
    expect(longChapter.endsWith('.mp3')).toBe(true)
    expect(splitFolderName('../Up')).toBe('Up (MP3)')
    expect(splitFolderName('CON')).toBe('Audiobook (MP3)')
    expect(bytes(splitFolderName('é'.repeat(150)))).toBeLessThanOrEqual(255)
  })
})
