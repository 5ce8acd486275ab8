import { AudioFile } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { isStoredAudioFile, toExpandedItem, toMinifiedItem, type ItemRow } from './item-json.ts'

const stored: AudioFile = {
  index: 1,
  ino: '42',
  metadata: {
    filename: 'Episode 1.mp3',
    ext: '.mp3',
    path: '/media/podcasts/Show/Episode 1.mp3',
    relPath: 'Episode 1.mp3',
    size: 1000,
    mtimeMs: 1,
    ctimeMs: 1,
    birthtimeMs: 1,
  },
  addedAt: 1,
  updatedAt: 1,
  trackNumFromMeta: null,
  discNumFromMeta: null,
  trackNumFromFilename: 1,
  discNumFromFilename: null,
  manuallyVerified: false,
  exclude: false,
  error: null,
  format: 'MP2/3 (MPEG audio layer 2/3)',
  duration: 3,
  bitRate: 128000,
  language: null,
  codec: 'mp3',
  timeBase: '1/44100',
  channels: 1,
  channelLayout: 'mono',
  chapters: [{ id: 0, start: 0, end: 3, title: 'Intro' }],
  embeddedCoverArt: null,
  metaTags: { tagTitle: 'Episode 1' },
  mimeType: 'audio/mpeg',
}

describe('isStoredAudioFile (the hand-written AudioFile check of episode lists)', () => {
  it('accepts what the contract accepts', () => {
    expect(AudioFile.safeParse(stored).success).toBe(true)
    expect(isStoredAudioFile(JSON.parse(JSON.stringify(stored)))).toBe(true)
  })

  it('refuses a file missing or mistyping any field the contract requires, as the contract does', () => {
    const keys = [
      ...Object.keys(AudioFile.shape).map((k) => [k] as const),
      ...Object.keys(AudioFile.shape.metadata.shape).map((k) => ['metadata', k] as const),
    ]
    for (const key of keys) {
      for (const broken of [undefined, { wrong: true }]) {
        const copy = JSON.parse(JSON.stringify(stored)) as Record<string, Record<string, unknown>>
        if (key.length === 1) (copy as Record<string, unknown>)[key[0]] = broken
        else copy.metadata![key[1]!] = broken
        expect([key.join('.'), AudioFile.safeParse(copy).success]).toEqual([key.join('.'), false])
        expect([key.join('.'), isStoredAudioFile(copy)]).toEqual([key.join('.'), false])
      }
    }
    expect(isStoredAudioFile({ ...stored, chapters: [{ id: 0, start: 'x', end: 3, title: 'Intro' }] })).toBe(
      false,
    )
    expect(isStoredAudioFile(null)).toBe(false)
  })
})

describe("toExpandedItem's book audio files (checked by hand, the schema deciding what fails)", () => {
  const book = (audioFiles: unknown) =>
    ({ id: 'i1', media_id: 'm1', media_type: 'book', title: 'T', tags: '[]', genres: '[]', narrators: '[]', library_files: '[]', chapters: '[]', ebook_file: null, audio_files: JSON.stringify(audioFiles) }) as unknown as ItemRow
  const second: AudioFile = { ...stored, index: 2, ino: '43', metadata: { ...stored.metadata, filename: 'Part 2.mp3' } }

  it('answers stored files as they are, with their tracks', () => {
    const item = toExpandedItem(book([second, stored]), { authors: [], series: [] })
    const media = item.media as { audioFiles: AudioFile[]; tracks: { index: number; contentUrl: string }[] }
    expect(media.audioFiles).toEqual([second, stored])
    expect(media.tracks.map((t) => t.contentUrl)).toEqual(['/api/items/i1/file/42', '/api/items/i1/file/43'])
  })

  it('answers no files when an entry is damaged, as the schema would', () => {
    const { codec: _codec, ...noCodec } = second
    for (const damaged of [[stored, noCodec], [stored, { ...second, duration: 'long' }], 'not a list', { ...stored }]) {
      const item = toExpandedItem(book(damaged), { authors: [], series: [] })
      expect((item.media as { audioFiles: unknown[] }).audioFiles).toEqual([])
    }
  })
})

describe("a book's descriptionPlain (Audiobookshelf's plain twin of the description)", () => {
  const row = (description: string | null) =>
    ({ id: 'i1', media_id: 'm1', media_type: 'book', title: 'T', description, tags: '[]', genres: '[]', narrators: '[]', library_files: '[]', chapters: '[]', ebook_file: null, audio_files: '[]' }) as unknown as ItemRow

  it('comes last in the expanded metadata as the tag-stripped text, and not in the minified form', () => {
    const expanded = toExpandedItem(row('<p>Tom &amp; Jerry</p><p><a href="https://e.com">more</a></p>'), { authors: [], series: [] })
    expect(Object.keys(expanded.media.metadata).at(-1)).toBe('descriptionPlain')
    expect(expanded.media.metadata).toMatchObject({ description: '<p>Tom &amp; Jerry</p><p><a href="https://e.com">more</a></p>', descriptionPlain: 'Tom & Jerry\nmore' })
    expect(toExpandedItem(row(null), { authors: [], series: [] }).media.metadata).toMatchObject({ descriptionPlain: null })
    expect(toMinifiedItem(row('x'), { authors: [], series: [] }).media.metadata).not.toHaveProperty('descriptionPlain')
  })
})
