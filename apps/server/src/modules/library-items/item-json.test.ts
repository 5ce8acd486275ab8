import {
  AudioFile,
  FileAudioTrack,
  FullLibraryItem,
  LibraryItem,
  MinifiedLibraryItem,
} from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { bookMedia } from '../../test-support/media-of.ts'
import {
  buildTracks,
  isStoredAudioFile,
  toEpisodeJson,
  toExpandedItem,
  toFullEpisodeJson,
  toFullItem,
  toMinifiedItem,
} from './item-json.ts'
import { type EpisodeRow, type ItemRow } from '../../db/item-rows.ts'

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
    ({
      id: 'i1',
      media_id: 'm1',
      media_type: 'book',
      title: 'T',
      tags: '[]',
      genres: '[]',
      narrators: '[]',
      library_files: '[]',
      chapters: '[]',
      ebook_file: null,
      audio_files: JSON.stringify(audioFiles),
    }) as unknown as ItemRow
  const second: AudioFile = {
    ...stored,
    index: 2,
    ino: '43',
    metadata: { ...stored.metadata, filename: 'Part 2.mp3' },
  }

  it('answers stored files as they are, with their tracks', () => {
    const item = toExpandedItem(book([second, stored]), { authors: [], series: [] })
    const media = bookMedia(item)
    expect(media.audioFiles).toEqual([second, stored])
    expect(media.tracks.map((t) => t.contentUrl)).toEqual(['/api/items/i1/file/42', '/api/items/i1/file/43'])
  })

  it('answers no files when an entry is damaged, as the schema would', () => {
    const { codec: _codec, ...noCodec } = second
    for (const damaged of [
      [stored, noCodec],
      [stored, { ...second, duration: 'long' }],
      'not a list',
      { ...stored },
    ]) {
      const item = toExpandedItem(book(damaged), { authors: [], series: [] })
      expect(bookMedia(item).audioFiles).toEqual([])
    }
  })
})

describe("a book's descriptionPlain (Audiobookshelf's plain twin of the description)", () => {
  const row = (description: string | null) =>
    ({
      id: 'i1',
      media_id: 'm1',
      media_type: 'book',
      title: 'T',
      description,
      tags: '[]',
      genres: '[]',
      narrators: '[]',
      library_files: '[]',
      chapters: '[]',
      ebook_file: null,
      audio_files: '[]',
    }) as unknown as ItemRow

  it('comes last in the expanded metadata as the tag-stripped text, and not in the minified form', () => {
    const expanded = toExpandedItem(row('<p>Tom &amp; Jerry</p><p><a href="https://e.com">more</a></p>'), {
      authors: [],
      series: [],
    })
    expect(Object.keys(expanded.media.metadata).at(-1)).toBe('descriptionPlain')
    expect(expanded.media.metadata).toMatchObject({
      description: '<p>Tom &amp; Jerry</p><p><a href="https://e.com">more</a></p>',
      descriptionPlain: 'Tom & Jerry\nmore',
    })
    expect(toExpandedItem(row(null), { authors: [], series: [] }).media.metadata).toMatchObject({
      descriptionPlain: null,
    })
    expect(toMinifiedItem(row('x')).media.metadata).not.toHaveProperty('descriptionPlain')
  })
})

describe("Audiobookshelf's three forms of an item", () => {
  const rel = { authors: [{ id: 'a1', name: 'Ada' }], series: [{ id: 's1', name: 'Cycle', sequence: '1' }] }
  const libraryFile = {
    ino: '42',
    metadata: stored.metadata,
    isSupplementary: null,
    addedAt: 1,
    updatedAt: 1,
    fileType: 'audio',
  }
  const row = (extra: Partial<Record<keyof ItemRow, unknown>> = {}) =>
    ({
      id: 'i1',
      ino: '7',
      library_id: 'l1',
      folder_id: 'f1',
      path: '/b/T',
      rel_path: 'T',
      is_file: 0,
      mtime_ms: 1,
      ctime_ms: 1,
      birthtime_ms: 1,
      added_at: 1,
      updated_at: 2,
      last_scan: 3,
      is_missing: 0,
      is_invalid: 0,
      media_type: 'book',
      media_id: 'm1',
      size: 1000,
      title: 'T',
      title_ignore_prefix: 'T',
      subtitle: null,
      author_name: 'Ada',
      author_name_lf: 'Ada',
      narrator_name: 'Nia',
      series_name: 'Cycle #1',
      published_year: null,
      published_date: null,
      publisher: null,
      description: null,
      isbn: null,
      asin: null,
      language: null,
      explicit: 0,
      abridged: 0,
      duration: 3,
      num_tracks: 1,
      num_chapters: 1,
      ebook_format: null,
      cover_path: null,
      tags: '[]',
      genres: '[]',
      narrators: '["Nia"]',
      audio_files: JSON.stringify([stored]),
      chapters: JSON.stringify(stored.chapters),
      ebook_file: null,
      library_files: JSON.stringify([libraryFile]),
      podcast: null,
      ...extra,
    }) as unknown as ItemRow

  it('a list row (minified) has counts and joined names, no lastScan, no lists, and ebookFormat only with an ebook', () => {
    const item = toMinifiedItem(row())
    // Parsing strips what the schema does not know: equal means not one key too many, at any depth.
    expect(MinifiedLibraryItem.parse(item)).toEqual(item)
    expect(item).not.toHaveProperty('lastScan')
    expect(item).toMatchObject({ oldLibraryItemId: null, numFiles: 1, size: 1000 })
    expect(item.media).toMatchObject({ numTracks: 1, numAudioFiles: 1, numChapters: 1, duration: 3 })
    expect(item.media).not.toHaveProperty('ebookFormat')
    for (const key of ['authors', 'narrators', 'series']) expect(item.media.metadata).not.toHaveProperty(key)
    expect(item.media.metadata).toMatchObject({
      authorName: 'Ada',
      narratorName: 'Nia',
      seriesName: 'Cycle #1',
    })
    expect(toMinifiedItem(row({ ebook_format: 'epub' })).media).toMatchObject({ ebookFormat: 'epub' })
  })

  it('the full form has files, chapters and lists, and no tracks, counts, duration, size or joined names', () => {
    const item = toFullItem(row(), rel)
    expect(FullLibraryItem.safeParse(item).success).toBe(true)
    expect(item.libraryFiles).toHaveLength(1)
    expect(item).toMatchObject({ oldLibraryItemId: null, lastScan: 3, scanVersion: expect.any(String) })
    for (const key of ['numFiles', 'size']) expect(item).not.toHaveProperty(key)
    expect(Object.keys(item.media)).toEqual([
      'id',
      'libraryItemId',
      'metadata',
      'coverPath',
      'tags',
      'audioFiles',
      'chapters',
      'ebookFile',
    ])
    expect(item.media.metadata).toMatchObject({
      authors: rel.authors,
      narrators: ['Nia'],
      series: rel.series,
    })
    for (const key of ['authorName', 'titleIgnorePrefix', 'descriptionPlain'])
      expect(item.media.metadata).not.toHaveProperty(key)
  })

  it('the expanded form has both: counts, whole-file tracks, lists and joined names', () => {
    const item = toExpandedItem(row(), rel)
    expect(LibraryItem.safeParse(item).success).toBe(true)
    expect(item).toMatchObject({ oldLibraryItemId: null, numFiles: 1, size: 1000, lastScan: 3 })
    expect(item.media).toMatchObject({
      numTracks: 1,
      numAudioFiles: 1,
      numChapters: 1,
      duration: 3,
      size: 1000,
    })
    expect(item.media.metadata).toMatchObject({ authors: rel.authors, authorName: 'Ada' })
  })

  it('a book with an ebook shows its ebook file as Audiobookshelf does (the library file with its format)', () => {
    const ebook = {
      ino: '9',
      metadata: { ...stored.metadata, filename: 'T.epub', ext: '.epub' },
      ebookFormat: 'epub',
      addedAt: 1,
      updatedAt: 1,
    }
    const item = toFullItem(row({ ebook_file: JSON.stringify(ebook), ebook_format: 'epub' }), rel)
    expect(item.mediaType === 'book' && item.media.ebookFile).toEqual({
      ...ebook,
      isSupplementary: null,
      fileType: 'ebook',
    })
  })
})

describe('a track is the whole audio file on the timeline (27 keys, as Audiobookshelf sends it)', () => {
  it('carries every audio file field plus its place and URL', () => {
    const second: AudioFile = { ...stored, index: 2, ino: '43', duration: 5 }
    const tracks = buildTracks('i1', [second, stored])
    expect(tracks.map((t) => FileAudioTrack.strict().safeParse(t).success)).toEqual([true, true])
    expect(Object.keys(tracks[0]!)).toHaveLength(27)
    expect(tracks[1]).toMatchObject({
      ...second,
      index: 2,
      startOffset: 3,
      title: 'Episode 1.mp3',
      contentUrl: '/api/items/i1/file/43',
    })
    expect(tracks[0]).toMatchObject({
      ino: '42',
      metaTags: stored.metaTags,
      addedAt: 1,
      trackNumFromFilename: 1,
    })
  })
})

describe("an episode's forms", () => {
  const episode = {
    id: 'e1',
    library_item_id: 'i1',
    episode_index: 4,
    season: '1',
    episode: '4',
    episode_type: 'full',
    title: 'E4',
    subtitle: null,
    description: '<p>x</p>',
    enclosure: null,
    guid: 'g',
    pub_date: null,
    published_at: 5,
    added_at: 1,
    updated_at: 2,
    chapters: '[]',
    audio_file: JSON.stringify(stored),
    duration: 3,
    size: 1000,
  } as unknown as EpisodeRow

  it('the full form (GET /api/podcasts/:id/episode/:episodeId) has the file and no track, duration or size', () => {
    const json = toFullEpisodeJson(episode, 'm1')
    expect(json).toMatchObject({
      oldEpisodeId: null,
      index: null,
      season: '1',
      episode: '4',
      audioFile: stored,
    })
    for (const key of ['audioTrack', 'duration', 'size']) expect(json).not.toHaveProperty(key)
  })

  it('the expanded form adds the whole-file track, size and duration', () => {
    const json = toEpisodeJson(episode, 'm1')
    expect(json).toMatchObject({
      duration: 3,
      size: 1000,
      audioTrack: { ...stored, index: 1, startOffset: 0, contentUrl: '/api/items/i1/file/42' },
    })
  })
})
