// A synthetic library written straight into the tables the scanner fills: 100,000 books by default
// (~20k authors, ~8k series, genre/tag/narrator facets, realistic JSON columns and search rows), a
// podcast library with episodes, and media progress for one user. Deterministic for a given seed.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import {
  authorNameLF,
  lastFirst,
  sequenceSortValue,
  titleIgnoringPrefix,
} from '../apps/server/src/scanner/names.ts'

export interface SyntheticOptions {
  books: number
  authors: number
  series: number
  podcasts: number
  episodesPerPodcast: number
  /** Every podcast gets exactly episodesPerPodcast episodes (otherwise 0.3 to 1.7 times as many). */
  exactEpisodeCount?: boolean
  /** The user whose progress is generated. */
  userId: string
  /** Folders of the two libraries are created under this directory. */
  root: string
  seed?: number
}

export interface SyntheticLibrary {
  bookLibraryId: string
  podcastLibraryId: string
  /** Values that exist, to build realistic filters and searches. */
  sample: {
    authorIds: string[]
    seriesIds: string[]
    genres: string[]
    tags: string[]
    narrators: string[]
    publishers: string[]
    languages: string[]
    decades: string[]
    titleWords: string[]
  }
  counts: { items: number; authors: number; series: number; episodes: number; facets: number }
}

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES = [
  'an',
  'bel',
  'cor',
  'da',
  'el',
  'fen',
  'gar',
  'hal',
  'is',
  'jor',
  'ka',
  'lin',
  'mor',
  'nor',
  'ol',
  'pen',
  'quin',
  'ra',
  'sel',
  'tor',
  'ul',
  'ver',
  'wyn',
  'xa',
  'yor',
  'zel',
  'bri',
  'cla',
  'dre',
  'fro',
  'gla',
  'ste',
]
const WORDS = [
  'night',
  'shadow',
  'river',
  'king',
  'queen',
  'war',
  'storm',
  'light',
  'dark',
  'fire',
  'ice',
  'stone',
  'glass',
  'house',
  'garden',
  'city',
  'road',
  'sea',
  'sky',
  'star',
  'moon',
  'sun',
  'blood',
  'bone',
  'iron',
  'gold',
  'silver',
  'secret',
  'last',
  'first',
  'lost',
  'broken',
  'hidden',
  'silent',
  'wild',
  'winter',
  'summer',
  'dream',
  'memory',
  'heart',
  'crown',
  'sword',
  'ship',
  'island',
  'mountain',
  'forest',
  'tower',
  'empire',
  'daughter',
  'son',
  'children',
  'journey',
  'return',
  'song',
  'letters',
  'history',
  'science',
  'mind',
  'time',
  'world',
  'café',
  'über',
  'niño',
  'søren',
  'élan',
]
const GENRES = [
  'Fantasy',
  'Science Fiction',
  'Mystery',
  'Thriller',
  'Romance',
  'Historical Fiction',
  'Horror',
  'Biography',
  'History',
  'Science',
  'Self-Help',
  'Business',
  'Philosophy',
  'Poetry',
  'Young Adult',
  "Children's",
  'Literary Fiction',
  'Crime',
  'Adventure',
  'Memoir',
  'True Crime',
  'Politics',
  'Psychology',
  'Religion',
  'Travel',
  'Health',
  'Cooking',
  'Art',
  'Music',
  'Sports',
  'Humor',
  'Classics',
  'Dystopian',
  'Paranormal',
  'Western',
  'War',
  'Economics',
  'Education',
  'Nature',
  'Technology',
]
const LANGUAGES = [
  'English',
  'German',
  'French',
  'Spanish',
  'Italian',
  'Dutch',
  'Swedish',
  'Polish',
  'Japanese',
  'Portuguese',
  'Czech',
  'Finnish',
]

export function generateSyntheticLibrary(
  sqlite: BetterSqlite3.Database,
  opts: SyntheticOptions,
): SyntheticLibrary {
  const r = rng(opts.seed ?? 42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)] as T
  /** Skewed towards the start of a list (a few popular values, a long tail). */
  const skewed = <T>(list: readonly T[], power = 2.2) =>
    list[Math.floor(Math.pow(r(), power) * list.length)] as T
  const word = () => {
    if (r() < 0.55) return pick(WORDS)
    let w = ''
    for (let i = 0, n = 2 + Math.floor(r() * 2); i < n; i++) w += pick(SYLLABLES)
    return w
  }
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  const title = () => {
    const n = 1 + Math.floor(r() * 4)
    const words = Array.from({ length: n }, () => cap(word()))
    const p = r()
    return (p < 0.15 ? 'The ' : p < 0.2 ? 'A ' : '') + words.join(' ')
  }
  const uniqueNames = (count: number, make: () => string) => {
    const set = new Set<string>()
    let guard = 0
    while (set.size < count && guard++ < count * 20) set.add(make())
    return [...set]
  }
  const personName = () =>
    `${cap(pick(SYLLABLES) + pick(SYLLABLES))} ${cap(pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES))}`
  const now = Date.UTC(2026, 0, 1)
  const prefixes = ['the', 'a']

  const authorNames = uniqueNames(opts.authors, personName)
  const narratorNames = uniqueNames(Math.round(opts.authors / 4), personName)
  const seriesNames = uniqueNames(
    opts.series,
    () => `${title()} ${pick(['Saga', 'Chronicles', 'Cycle', 'Series', 'Trilogy', 'Mysteries', 'Books'])}`,
  )
  const tags = uniqueNames(200, () => `${word()}-${word()}`)
  const publishers = uniqueNames(
    300,
    () => `${cap(word())} ${pick(['Press', 'Books', 'Publishing', 'House', 'Audio'])}`,
  )

  const bookLibraryId = crypto.randomUUID()
  const podcastLibraryId = crypto.randomUUID()
  const bookFolderId = crypto.randomUUID()
  const podcastFolderId = crypto.randomUUID()
  const bookRoot = path.join(opts.root, 'books')
  const podcastRoot = path.join(opts.root, 'podcasts')
  fs.mkdirSync(bookRoot, { recursive: true })
  fs.mkdirSync(podcastRoot, { recursive: true })

  const settings = (mediaType: string) =>
    JSON.stringify({
      coverAspectRatio: mediaType === 'podcast' ? 1 : 0,
      disableWatcher: true,
      autoScanCronExpression: null,
    })
  const insLibrary = sqlite.prepare(
    `INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insFolder = sqlite.prepare(
    `INSERT INTO library_folders (id, library_id, full_path, created_at) VALUES (?, ?, ?, ?)`,
  )
  const insAuthor = sqlite.prepare(
    `INSERT INTO authors (id, library_id, name, last_first, asin, description, image_path, added_at, updated_at) VALUES (?, ?, ?, ?, NULL, NULL, NULL, ?, ?)`,
  )
  const insSeries = sqlite.prepare(
    `INSERT INTO series (id, library_id, name, name_ignore_prefix, description, added_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)`,
  )
  const columns = [
    'id',
    'library_id',
    'folder_id',
    'media_type',
    'media_id',
    'path',
    'rel_path',
    'is_file',
    'ino',
    'size',
    'mtime_ms',
    'ctime_ms',
    'birthtime_ms',
    'added_at',
    'updated_at',
    'last_scan',
    'is_missing',
    'is_invalid',
    'scan_fingerprint',
    'title',
    'title_ignore_prefix',
    'subtitle',
    'author_name',
    'author_name_lf',
    'narrator_name',
    'series_name',
    'published_year',
    'published_date',
    'publisher',
    'description',
    'isbn',
    'asin',
    'language',
    'explicit',
    'abridged',
    'duration',
    'num_tracks',
    'num_chapters',
    'ebook_format',
    'cover_path',
    'audio_files',
    'chapters',
    'ebook_file',
    'library_files',
    'tags',
    'genres',
    'narrators',
    'podcast',
  ] as const
  const insItem = sqlite.prepare(
    `INSERT INTO library_items (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  )
  const insItemAuthor = sqlite.prepare(
    `INSERT INTO item_authors (item_id, author_id, position) VALUES (?, ?, ?)`,
  )
  const insItemSeries = sqlite.prepare(
    `INSERT INTO item_series (item_id, series_id, sequence, sequence_sort) VALUES (?, ?, ?, ?)`,
  )
  const insFacet = sqlite.prepare(
    `INSERT OR IGNORE INTO item_facets (item_id, library_id, kind, value) VALUES (?, ?, ?, ?)`,
  )
  const insFts = sqlite.prepare(
    `INSERT INTO items_fts (rowid, item_id, library_id, title, subtitle, authors, narrators, series, tags, genres, identifiers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insEpisode = sqlite.prepare(
    `INSERT INTO podcast_episodes (id, library_item_id, episode_index, season, episode, episode_type, title, subtitle, description, enclosure, guid, pub_date, published_at, chapters, audio_file, duration, size, added_at, updated_at)
     VALUES (?, ?, ?, NULL, ?, 'full', ?, NULL, ?, NULL, ?, ?, ?, '[]', ?, ?, ?, ?, ?)`,
  )
  const insProgress = sqlite.prepare(
    `INSERT INTO media_progress (id, user_id, library_item_id, episode_id, duration, progress, "current_time", is_finished, hide_from_continue_listening, ebook_location, ebook_progress, last_update, started_at, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?)`,
  )

  const fileMeta = (dir: string, rel: string, name: string, size: number) => ({
    filename: name,
    ext: path.extname(name),
    path: path.join(dir, name),
    relPath: path.join(rel, name),
    size,
    mtimeMs: now,
    ctimeMs: now,
    birthtimeMs: now,
  })
  const audioFile = (dir: string, rel: string, index: number, duration: number) => {
    const name = `Part ${String(index).padStart(2, '0')}.mp3`
    return {
      index,
      ino: String(1e6 + Math.floor(r() * 1e9)),
      metadata: fileMeta(dir, rel, name, Math.round(duration * 16000)),
      addedAt: now,
      updatedAt: now,
      trackNumFromMeta: index,
      discNumFromMeta: null,
      trackNumFromFilename: index,
      discNumFromFilename: null,
      manuallyVerified: false,
      exclude: false,
      error: null,
      format: 'MP2/3 (MPEG audio layer 2/3)',
      duration,
      bitRate: 128000,
      language: null,
      codec: 'mp3',
      timeBase: '1/14112000',
      channels: 2,
      channelLayout: 'stereo',
      chapters: [],
      embeddedCoverArt: null,
      metaTags: { tagAlbum: 'Album', tagArtist: 'Artist' },
      mimeType: 'audio/mpeg',
    }
  }

  let facets = 0
  let episodes = 0
  const authorIds: string[] = []
  const seriesIds: string[] = []
  const bookIds: string[] = []
  const ebookIds: string[] = []
  const podcastIds: { id: string; episodes: string[] }[] = []

  sqlite.transaction(() => {
    insLibrary.run(
      bookLibraryId,
      'Synthetic Books',
      'book',
      1,
      'books-1',
      'google',
      settings('book'),
      now,
      now,
    )
    insLibrary.run(
      podcastLibraryId,
      'Synthetic Podcasts',
      'podcast',
      2,
      'podcast',
      'itunes',
      settings('podcast'),
      now,
      now,
    )
    insFolder.run(bookFolderId, bookLibraryId, bookRoot, now)
    insFolder.run(podcastFolderId, podcastLibraryId, podcastRoot, now)
    for (const name of authorNames) {
      const id = crypto.randomUUID()
      authorIds.push(id)
      const added = now - Math.floor(r() * 3 * 365 * 86400_000)
      insAuthor.run(id, bookLibraryId, name, lastFirst(name), added, added)
    }
    for (const name of seriesNames) {
      const id = crypto.randomUUID()
      seriesIds.push(id)
      const added = now - Math.floor(r() * 3 * 365 * 86400_000)
      insSeries.run(id, bookLibraryId, name, titleIgnoringPrefix(name, prefixes), added, added)
    }
    // Series membership: ~40% of books, series sizes skewed (many short, a few long).
    const seriesSlots: { series: number; sequence: number }[] = []
    const seriesSize = new Array<number>(seriesIds.length).fill(0)
    const inSeries = Math.round(opts.books * 0.4)
    for (let i = 0; i < inSeries; i++) {
      const s = i < seriesIds.length ? i : Math.floor(Math.pow(r(), 1.6) * seriesIds.length)
      seriesSize[s] = (seriesSize[s] ?? 0) + 1
      seriesSlots.push({ series: s, sequence: seriesSize[s] ?? 1 })
    }
    // Spread the series books over the library instead of a block at the start.
    for (let i = seriesSlots.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1))
      const a = seriesSlots[i] as (typeof seriesSlots)[number]
      seriesSlots[i] = seriesSlots[j] as (typeof seriesSlots)[number]
      seriesSlots[j] = a
    }
    const seriesOf = new Map<number, { series: number; sequence: number }>()
    {
      const positions = Array.from({ length: opts.books }, (_, i) => i)
      for (let i = positions.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1))
        const a = positions[i] as number
        positions[i] = positions[j] as number
        positions[j] = a
      }
      seriesSlots.forEach((slot, k) => seriesOf.set(positions[k] as number, slot))
    }

    for (let i = 0; i < opts.books; i++) {
      const id = crypto.randomUUID()
      bookIds.push(id)
      const t = title()
      const nAuthors = r() < 0.85 ? 1 : r() < 0.87 ? 2 : 3
      const aIdx = [i < authorNames.length ? i : Math.floor(Math.pow(r(), 2) * authorNames.length)]
      while (aIdx.length < nAuthors) aIdx.push(Math.floor(r() * authorNames.length))
      const authors = [...new Set(aIdx)].map((k) => ({
        id: authorIds[k] as string,
        name: authorNames[k] as string,
      }))
      const narrators = [
        ...new Set(Array.from({ length: r() < 0.8 ? 1 : 2 }, () => skewed(narratorNames, 1.8))),
      ]
      const genres = [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => skewed(GENRES, 1.7)))]
      const itemTags = [...new Set(Array.from({ length: Math.floor(r() * 4) }, () => skewed(tags, 2)))]
      const slot = seriesOf.get(i)
      const series = slot
        ? [
            {
              id: seriesIds[slot.series] as string,
              name: seriesNames[slot.series] as string,
              sequence: String(slot.sequence),
            },
          ]
        : []
      const numTracks = r() < 0.1 ? 0 : r() < 0.66 ? 1 : 2 + Math.floor(r() * 28)
      const duration = numTracks === 0 ? 0 : 3600 + Math.floor(r() * 40 * 3600)
      const ebook = numTracks === 0 || r() < 0.06 ? pick(['epub', 'epub', 'pdf', 'mobi']) : null
      const rel = path.join(
        authors[0]?.name ?? 'Unknown',
        ...(series[0] ? [series[0].name] : []),
        `${t} {${i}}`,
      )
      const dir = path.join(bookRoot, rel)
      const shownTracks = Math.min(numTracks, 5)
      const audio = Array.from({ length: shownTracks }, (_, k) =>
        audioFile(dir, rel, k + 1, numTracks ? duration / numTracks : 0),
      )
      const ebookEntry = ebook
        ? {
            ino: String(Math.floor(r() * 1e9)),
            metadata: fileMeta(dir, rel, `book.${ebook}`, 900_000),
            isSupplementary: false,
            addedAt: now,
            updatedAt: now,
            fileType: 'ebook',
          }
        : null
      const libraryFiles = [
        ...audio.map((a) => ({
          ino: a.ino,
          metadata: a.metadata,
          isSupplementary: null,
          addedAt: now,
          updatedAt: now,
          fileType: 'audio',
        })),
        ...(ebookEntry ? [ebookEntry] : []),
        ...(r() < 0.9
          ? [
              {
                ino: String(Math.floor(r() * 1e9)),
                metadata: fileMeta(dir, rel, 'cover.jpg', 120_000),
                isSupplementary: null,
                addedAt: now,
                updatedAt: now,
                fileType: 'image',
              },
            ]
          : []),
      ]
      const hasCover = libraryFiles.some((f) => f.fileType === 'image')
      const year = r() < 0.1 ? null : String(2025 - Math.floor(Math.pow(r(), 2.5) * 125))
      const added = now - Math.floor(r() * 5 * 365 * 86400_000)
      const isbn = r() < 0.5 ? `978${String(Math.floor(r() * 1e10)).padStart(10, '0')}` : null
      const asin = r() < 0.6 ? `B0${crypto.randomBytes(4).toString('hex').toUpperCase()}` : null
      const subtitle = r() < 0.3 ? title() : null
      const chapters = Array.from({ length: numTracks ? 8 + Math.floor(r() * 20) : 0 }, (_, k) => ({
        id: k,
        start: k * 1000,
        end: (k + 1) * 1000,
        title: `Chapter ${k + 1}`,
      }))
      const names = authors.map((a) => a.name)
      const rowid = Number(
        insItem.run({
          id,
          library_id: bookLibraryId,
          folder_id: bookFolderId,
          media_type: 'book',
          media_id: crypto.randomUUID(),
          path: dir,
          rel_path: rel,
          is_file: 0,
          ino: String(Math.floor(r() * 1e9)),
          size: audio.reduce((s, a) => s + a.metadata.size, 0) + (ebookEntry ? 900_000 : 0),
          mtime_ms: added - Math.floor(r() * 86400_000 * 30),
          ctime_ms: added,
          birthtime_ms: added - Math.floor(r() * 86400_000 * 60),
          added_at: added,
          updated_at: added + Math.floor(r() * 86400_000 * 30),
          last_scan: now,
          is_missing: r() < 0.003 ? 1 : 0,
          is_invalid: r() < 0.002 ? 1 : 0,
          scan_fingerprint: crypto.randomBytes(16).toString('hex'),
          title: t,
          title_ignore_prefix: titleIgnoringPrefix(t, prefixes),
          subtitle,
          author_name: names.join(', '),
          author_name_lf: authorNameLF(names),
          narrator_name: narrators.join(', '),
          series_name: series.map((s) => `${s.name} #${s.sequence}`).join(', '),
          published_year: year,
          published_date: null,
          publisher: r() < 0.7 ? skewed(publishers, 1.8) : null,
          description: r() < 0.8 ? Array.from({ length: 40 + Math.floor(r() * 60) }, word).join(' ') : null,
          isbn,
          asin,
          language: r() < 0.05 ? null : r() < 0.85 ? 'English' : pick(LANGUAGES),
          explicit: r() < 0.04 ? 1 : 0,
          abridged: r() < 0.03 ? 1 : 0,
          duration,
          num_tracks: numTracks,
          num_chapters: chapters.length,
          ebook_format: ebook,
          cover_path: hasCover ? path.join(dir, 'cover.jpg') : null,
          audio_files: JSON.stringify(audio),
          chapters: JSON.stringify(chapters),
          ebook_file: ebookEntry ? JSON.stringify({ ...ebookEntry, ebookFormat: ebook }) : null,
          library_files: JSON.stringify(libraryFiles),
          tags: JSON.stringify(itemTags),
          genres: JSON.stringify(genres),
          narrators: JSON.stringify(narrators),
          podcast: null,
        }).lastInsertRowid,
      )
      authors.forEach((a, position) => insItemAuthor.run(id, a.id, position))
      for (const s of series) insItemSeries.run(id, s.id, s.sequence, sequenceSortValue(s.sequence))
      for (const g of genres) facets += insFacet.run(id, bookLibraryId, 'genre', g).changes
      for (const tg of itemTags) facets += insFacet.run(id, bookLibraryId, 'tag', tg).changes
      for (const n of narrators) facets += insFacet.run(id, bookLibraryId, 'narrator', n).changes
      insFts.run(
        rowid,
        id,
        bookLibraryId,
        t,
        subtitle,
        names.join(' '),
        narrators.join(' '),
        series.map((s) => s.name).join(' '),
        itemTags.join(' '),
        genres.join(' '),
        [isbn, asin].filter(Boolean).join(' '),
      )
      if (ebook) ebookIds.push(id)
    }

    for (let p = 0; p < opts.podcasts; p++) {
      const id = crypto.randomUUID()
      const t = `${title()} ${pick(['Podcast', 'Show', 'Hour', 'Talk', 'Radio'])}`
      const host = personName()
      const dir = path.join(podcastRoot, `${t} {${p}}`)
      const added = now - Math.floor(r() * 3 * 365 * 86400_000)
      const genres = [skewed(GENRES)]
      const itemTags = r() < 0.5 ? [skewed(tags)] : []
      const eps: string[] = []
      const rowid = Number(
        insItem.run({
          id,
          library_id: podcastLibraryId,
          folder_id: podcastFolderId,
          media_type: 'podcast',
          media_id: crypto.randomUUID(),
          path: dir,
          rel_path: path.basename(dir),
          is_file: 0,
          ino: String(Math.floor(r() * 1e9)),
          size: 0,
          mtime_ms: added,
          ctime_ms: added,
          birthtime_ms: added,
          added_at: added,
          updated_at: added,
          last_scan: now,
          is_missing: 0,
          is_invalid: 0,
          scan_fingerprint: null,
          title: t,
          title_ignore_prefix: titleIgnoringPrefix(t, prefixes),
          subtitle: null,
          author_name: host,
          author_name_lf: host,
          narrator_name: '',
          series_name: '',
          published_year: null,
          published_date: null,
          publisher: null,
          description: Array.from({ length: 30 }, word).join(' '),
          isbn: null,
          asin: null,
          language: 'English',
          explicit: r() < 0.1 ? 1 : 0,
          abridged: 0,
          duration: 0,
          num_tracks: 0,
          num_chapters: 0,
          ebook_format: null,
          cover_path: path.join(dir, 'cover.jpg'),
          audio_files: '[]',
          chapters: '[]',
          ebook_file: null,
          library_files: '[]',
          tags: JSON.stringify(itemTags),
          genres: JSON.stringify(genres),
          narrators: '[]',
          podcast: JSON.stringify({
            author: host,
            feedUrl: `https://feeds.example.com/${p}.xml`,
            type: 'episodic',
          }),
        }).lastInsertRowid,
      )
      for (const g of genres) facets += insFacet.run(id, podcastLibraryId, 'genre', g).changes
      for (const tg of itemTags) facets += insFacet.run(id, podcastLibraryId, 'tag', tg).changes
      insFts.run(rowid, id, podcastLibraryId, t, null, host, '', '', itemTags.join(' '), genres.join(' '), '')
      const n = opts.exactEpisodeCount
        ? opts.episodesPerPodcast
        : Math.max(1, Math.round(opts.episodesPerPodcast * (0.3 + r() * 1.4)))
      for (let e = 0; e < n; e++) {
        const eid = crypto.randomUUID()
        eps.push(eid)
        const published = added + e * 7 * 86400_000
        const name = `Episode ${e + 1}.mp3`
        const af = { ...audioFile(dir, t, 1, 1800), metadata: fileMeta(dir, t, name, 28_800_000) }
        insEpisode.run(
          eid,
          id,
          e + 1,
          String(e + 1),
          `${cap(word())} ${word()} ${word()}`,
          Array.from({ length: 25 }, word).join(' '),
          eid,
          new Date(published).toUTCString(),
          published,
          JSON.stringify(af),
          1800,
          28_800_000,
          published,
          published,
        )
        episodes++
      }
      podcastIds.push({ id, episodes: eps })
    }

    // Progress of the user: some books in progress, more finished, a few ebooks being read, episodes.
    let t0 = now - 200 * 86400_000
    const step = () => (t0 += Math.floor(r() * 3600_000))
    const used = new Set<string>()
    const someBook = () => {
      for (;;) {
        const id = pick(bookIds)
        if (!used.has(id)) {
          used.add(id)
          return id
        }
      }
    }
    const progressCount = Math.max(1, Math.round(opts.books / 250))
    for (let i = 0; i < progressCount; i++) {
      const at = step()
      insProgress.run(
        crypto.randomUUID(),
        opts.userId,
        someBook(),
        '',
        36000,
        0.3,
        10800,
        0,
        null,
        at,
        at,
        null,
      )
    }
    for (let i = 0; i < progressCount * 2; i++) {
      const at = step()
      insProgress.run(
        crypto.randomUUID(),
        opts.userId,
        someBook(),
        '',
        36000,
        1,
        36000,
        1,
        null,
        at,
        at - 86400_000,
        at,
      )
    }
    for (let i = 0; i < Math.min(ebookIds.length, Math.round(progressCount / 4)); i++) {
      const id = pick(ebookIds)
      if (used.has(id)) continue
      used.add(id)
      const at = step()
      insProgress.run(crypto.randomUUID(), opts.userId, id, '', 0, 0.4, 0, 0, 0.4, at, at, null)
    }
    for (const pod of podcastIds.slice(0, 40)) {
      for (const eid of pod.episodes.slice(0, 3)) {
        const at = step()
        const finished = r() < 0.5
        insProgress.run(
          crypto.randomUUID(),
          opts.userId,
          pod.id,
          eid,
          1800,
          finished ? 1 : 0.5,
          finished ? 1800 : 900,
          finished ? 1 : 0,
          null,
          at,
          at,
          finished ? at : null,
        )
      }
    }
  })()

  const decades = (
    sqlite
      .prepare(
        `SELECT DISTINCT substr(published_year, 1, 3) || '0' AS d FROM library_items WHERE published_year IS NOT NULL`,
      )
      .all() as { d: string }[]
  ).map((x) => x.d)
  return {
    bookLibraryId,
    podcastLibraryId,
    sample: {
      authorIds,
      seriesIds,
      genres: GENRES,
      tags,
      narrators: narratorNames,
      publishers,
      languages: LANGUAGES,
      decades,
      titleWords: WORDS,
    },
    counts: {
      items: opts.books + opts.podcasts,
      authors: authorIds.length,
      series: seriesIds.length,
      episodes,
      facets,
    },
  }
}
