// Generates the demo library: `node scripts/demo-library.ts [--out DIR]` (default ./data/demo-library).
// Two roots, books/ and podcasts/, of tiny but real media. Writes .shelfcast-demo.json last; when that marker
// exists, does nothing, so a second start never regenerates (or overwrites what the server has scanned).
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasFfmpeg } from './media/ffmpeg.ts'
import { makeAudio, type AudioFormat, type AudioTags, type Chapter } from './media/audio.ts'
import { makeCoverImage } from './media/image.ts'
import { makeEpub } from './media/epub.ts'

export const DEMO_MARKER = '.shelfcast-demo.json'
export const DEMO_VERSION = 1

interface AudioFileSpec {
  name: string
  format: AudioFormat
  durationSec: number
  title?: string
  track?: number
  trackTotal?: number
  disc?: number
  discTotal?: number
  chapters?: Chapter[]
}

interface BookSpec {
  /** Relative to books/. */
  folder: string
  title: string
  subtitle?: string
  author: string
  narrator?: string
  series?: string
  sequence?: number
  year: string
  genre: string
  publisher: string
  description: string
  colour: string
  /** The tone of its audio; default 440. */
  frequencyHz?: number
  /** cover.jpg / cover.png in the folder */
  folderCover?: 'jpg' | 'png'
  /** cover art inside the audio files */
  embeddedCover?: boolean
  audio: AudioFileSpec[]
  /** An .epub beside the audio (or the whole item when there is no audio). */
  epub?: string
}

interface EpisodeSpec {
  name: string
  title: string
  date: string
  description: string
  durationSec: number
}

interface PodcastSpec {
  folder: string
  title: string
  author: string
  description: string
  colour: string
  frequencyHz: number
  /** The first episode also carries the cover inside. */
  embedCoverInFirst?: boolean
  episodes: EpisodeSpec[]
}

/** Evenly spaced chapters over the duration. */
function chaptersOf(durationSec: number, titles: string[]): Chapter[] {
  const step = durationSec / titles.length
  return titles.map((title, i) => ({
    title,
    startSec: Math.round(i * step * 1000) / 1000,
    endSec: i === titles.length - 1 ? durationSec : Math.round((i + 1) * step * 1000) / 1000,
  }))
}

// All titles, people and publishers here are invented.
export const BOOKS: readonly BookSpec[] = [
  {
    folder: 'Aldous Fenwick/The Lantern Cycle/01 - The Ember Road',
    title: 'The Ember Road',
    author: 'Aldous Fenwick',
    narrator: 'Mara Quill',
    series: 'The Lantern Cycle',
    sequence: 1,
    year: '1987',
    genre: 'Fantasy',
    publisher: 'Lantern House',
    description: 'A lamplighter follows a road that burns only at night.',
    colour: '#7a3b2e',
    frequencyHz: 330,
    folderCover: 'jpg',
    embeddedCover: true,
    audio: [
      {
        name: 'The Ember Road.m4b',
        format: 'm4b',
        durationSec: 150,
        chapters: chaptersOf(150, ['Prologue', 'The Lamplighter', 'Cinders', 'The Crossing', 'Epilogue']),
      },
    ],
  },
  {
    folder: 'Aldous Fenwick/The Lantern Cycle/02 - The Ashen Gate {Mara Quill}',
    title: 'The Ashen Gate',
    author: 'Aldous Fenwick',
    narrator: 'Mara Quill',
    series: 'The Lantern Cycle',
    sequence: 2,
    year: '1989',
    genre: 'Fantasy',
    publisher: 'Lantern House',
    description: 'Three nights at a gate that will not stay shut.',
    colour: '#5c5470',
    frequencyHz: 294,
    folderCover: 'jpg',
    audio: [1, 2, 3].map((track) => ({
      name: `${String(track).padStart(2, '0')} - The Ashen Gate.mp3`,
      format: 'mp3' as const,
      durationSec: 40,
      title: `The Ashen Gate - Part ${track}`,
      track,
      trackTotal: 3,
    })),
  },
  {
    folder: 'Aldous Fenwick/The Lantern Cycle/03 - The Last Wick',
    title: 'The Last Wick',
    author: 'Aldous Fenwick',
    narrator: 'Mara Quill',
    series: 'The Lantern Cycle',
    sequence: 3,
    year: '1992',
    genre: 'Fantasy',
    publisher: 'Lantern House',
    description: 'The final lamp, and who will carry it.',
    colour: '#b5651d',
    frequencyHz: 262,
    embeddedCover: true,
    audio: [
      {
        name: 'The Last Wick.mp3',
        format: 'mp3',
        durationSec: 90,
        chapters: chaptersOf(90, ['One Flame', 'Two Shadows', 'Three Doors']),
      },
    ],
  },
  {
    folder: "Harriet Vale/1898 - The Clockmaker's Daughter",
    title: "The Clockmaker's Daughter",
    author: 'Harriet Vale',
    narrator: 'Simon Ashgrove',
    year: '1898',
    genre: 'Historical Fiction',
    publisher: 'Wrenfield Press',
    description: 'A girl inherits a shop full of clocks that all stopped at the same minute.',
    colour: '#2e4a62',
    frequencyHz: 349,
    embeddedCover: true,
    audio: [
      {
        name: "The Clockmaker's Daughter.m4b",
        format: 'm4b',
        durationSec: 120,
        chapters: chaptersOf(120, [
          'The Shop on Gearwell Lane',
          'Springs and Pins',
          'The Stopped Minute',
          'Winding',
        ]),
      },
    ],
  },
  {
    folder: 'Harriet Vale/The Orchard at Wrenfield - A Pastoral',
    title: 'The Orchard at Wrenfield',
    subtitle: 'A Pastoral',
    author: 'Harriet Vale',
    year: '1902',
    genre: 'Literary Fiction',
    publisher: 'Wrenfield Press',
    description: 'One summer in an apple orchard, told by the trees.',
    colour: '#4f7942',
    frequencyHz: 392,
    folderCover: 'png',
    audio: [{ name: 'The Orchard at Wrenfield.m4a', format: 'm4a', durationSec: 60 }],
  },
  {
    folder: 'Ezra Whitlock/The Salt Roads/Book 1 - Tidewater {Jonah Pike}',
    title: 'Tidewater',
    author: 'Ezra Whitlock',
    narrator: 'Jonah Pike',
    series: 'The Salt Roads',
    sequence: 1,
    year: '1975',
    genre: 'Adventure',
    publisher: 'Harbour & Keel',
    description: 'A salt trader and a map drawn on sailcloth.',
    colour: '#1f6f8b',
    frequencyHz: 440,
    folderCover: 'jpg',
    audio: [{ name: 'Tidewater.mp3', format: 'mp3', durationSec: 60 }],
  },
  {
    folder: 'Ezra Whitlock/The Salt Roads/Book 2 - Stormglass',
    title: 'Stormglass',
    author: 'Ezra Whitlock',
    narrator: 'Jonah Pike',
    series: 'The Salt Roads',
    sequence: 2,
    year: '1977',
    genre: 'Adventure',
    publisher: 'Harbour & Keel',
    description: 'A barometer that predicts more than weather.',
    colour: '#36454f',
    frequencyHz: 466,
    embeddedCover: true,
    audio: [
      {
        name: 'Stormglass.flac',
        format: 'flac',
        durationSec: 30,
        chapters: chaptersOf(30, ['Fair', 'Change', 'Storm']),
      },
    ],
  },
  {
    folder: 'Lena Ashby & Ezra Whitlock/A Treatise on Lamplight',
    title: 'A Treatise on Lamplight',
    author: 'Lena Ashby & Ezra Whitlock',
    narrator: 'Lena Ashby',
    year: '1981',
    genre: 'Nonfiction',
    publisher: 'Harbour & Keel',
    description: 'Oil, wick and glass: an essay in three lamps.',
    colour: '#c9a227',
    frequencyHz: 523,
    folderCover: 'jpg',
    embeddedCover: true,
    audio: [{ name: 'A Treatise on Lamplight.ogg', format: 'ogg', durationSec: 45 }],
  },
  {
    folder: 'Cornelius Brandt/1924 - Notes from the Lighthouse {Agnes Hale}',
    title: 'Notes from the Lighthouse',
    author: 'Cornelius Brandt',
    narrator: 'Agnes Hale',
    year: '1924',
    genre: 'Memoir',
    publisher: 'Northlight Books',
    description: 'A keeper’s log, one season long.',
    colour: '#8b0000',
    frequencyHz: 311,
    folderCover: 'jpg',
    audio: [
      {
        name: 'Notes from the Lighthouse.mp3',
        format: 'mp3',
        durationSec: 80,
        chapters: chaptersOf(80, ['Spring', 'Summer', 'Autumn', 'Winter']),
      },
    ],
  },
  {
    folder: 'Cornelius Brandt/The Midnight Almanac',
    title: 'The Midnight Almanac',
    author: 'Cornelius Brandt',
    narrator: 'Agnes Hale',
    year: '1930',
    genre: 'Short Stories',
    publisher: 'Northlight Books',
    description: 'Twelve short tales for twelve dark months, on two discs.',
    colour: '#191970',
    frequencyHz: 277,
    folderCover: 'jpg',
    audio: [1, 2].flatMap((disc) =>
      [1, 2].map((track) => ({
        name: `Disc ${disc}/${String(track).padStart(2, '0')} - Tale ${(disc - 1) * 2 + track}.mp3`,
        format: 'mp3' as const,
        durationSec: 20,
        title: `Tale ${(disc - 1) * 2 + track}`,
        track,
        trackTotal: 2,
        disc,
        discTotal: 2,
      })),
    ),
  },
  {
    folder: 'Marguerite Osei/The Glass Botanist',
    title: 'The Glass Botanist',
    author: 'Marguerite Osei',
    year: '1911',
    genre: 'Science Fiction',
    publisher: 'Greenhouse Editions',
    description: 'A botanist grows a forest under a single pane of glass.',
    colour: '#2e8b57',
    audio: [],
    epub: 'The Glass Botanist.epub',
  },
  {
    folder: 'Marguerite Osei/Letters to a Young Cartographer',
    title: 'Letters to a Young Cartographer',
    author: 'Marguerite Osei',
    narrator: 'Simon Ashgrove',
    year: '1915',
    genre: 'Literary Fiction',
    publisher: 'Greenhouse Editions',
    description: 'Advice on maps, margins and getting lost, with the text as an ebook.',
    colour: '#a0522d',
    frequencyHz: 370,
    folderCover: 'jpg',
    audio: [{ name: 'Letters to a Young Cartographer.mp3', format: 'mp3', durationSec: 50 }],
    epub: 'Letters to a Young Cartographer.epub',
  },
  {
    folder: 'Percival Ashdown/The Weaver of Small Hours [B0SHELF001]',
    title: 'The Weaver of Small Hours',
    author: 'Percival Ashdown',
    year: '1968',
    genre: 'Mystery',
    publisher: 'Quietmoor',
    description: 'Who weaves the hours between two and four? (No cover anywhere: the placeholder shows.)',
    colour: '#444444',
    frequencyHz: 247,
    audio: [{ name: 'The Weaver of Small Hours.m4b', format: 'm4b', durationSec: 40 }],
  },
]

export const PODCASTS: readonly PodcastSpec[] = [
  {
    folder: 'The Quiet Hour',
    title: 'The Quiet Hour',
    author: 'Wren Calloway',
    description: 'Slow conversations about small things.',
    colour: '#6a5acd',
    frequencyHz: 415,
    embedCoverInFirst: true,
    episodes: [
      {
        name: 'Episode 1 - Morning Fog.mp3',
        title: 'Morning Fog',
        date: '2024-01-05',
        description: 'On fog.',
        durationSec: 30,
      },
      {
        name: 'Episode 2 - The Kettle.mp3',
        title: 'The Kettle',
        date: '2024-01-12',
        description: 'On kettles.',
        durationSec: 25,
      },
      {
        name: 'Episode 3 - Late Trains.mp3',
        title: 'Late Trains',
        date: '2024-01-19',
        description: 'On trains.',
        durationSec: 35,
      },
    ],
  },
  {
    folder: 'Field Notes from Nowhere',
    title: 'Field Notes from Nowhere',
    author: 'Otto Fairbairn',
    description: 'Recordings from places nobody visits.',
    colour: '#556b2f',
    frequencyHz: 196,
    episodes: [
      {
        name: '2023-11-02 - The Empty Quarry.mp3',
        title: 'The Empty Quarry',
        date: '2023-11-02',
        description: 'A quarry.',
        durationSec: 20,
      },
      {
        name: '2023-11-16 - A Field of Pylons.mp3',
        title: 'A Field of Pylons',
        date: '2023-11-16',
        description: 'Pylons.',
        durationSec: 30,
      },
      {
        name: '2023-11-30 - The Lock Keeper.mp3',
        title: 'The Lock Keeper',
        date: '2023-11-30',
        description: 'A canal lock.',
        durationSec: 25,
      },
    ],
  },
]

async function makeBook(root: string, book: BookSpec): Promise<void> {
  const dir = join(root, 'books', book.folder)
  const coverText = `${book.title}\n${book.author}`
  let coverArt: string | undefined
  if (book.folderCover) {
    coverArt = await makeCoverImage({
      path: join(dir, `cover.${book.folderCover}`),
      text: coverText,
      colour: book.colour,
    })
  }
  if (!coverArt && (book.embeddedCover || book.epub)) {
    // Art only inside the audio or the ebook: the image itself stays out of the item folder.
    coverArt = await makeCoverImage({
      path: join(root, '.work', `${basename(book.folder)}.jpg`),
      text: coverText,
      colour: book.colour,
    })
  }
  for (const file of book.audio) {
    const tags: AudioTags = {
      title: file.title ?? book.title,
      artist: book.author,
      album: book.title,
      albumArtist: book.author,
      composer: book.narrator,
      genre: book.genre,
      date: book.year,
      track: file.track,
      trackTotal: file.trackTotal,
      disc: file.disc,
      discTotal: file.discTotal,
      comment: book.description,
      description: book.subtitle ? `${book.subtitle}. ${book.description}` : undefined,
      publisher: book.publisher,
      language: 'eng',
      series: book.series,
      seriesPart: book.sequence,
      grouping: book.series && book.sequence !== undefined ? `${book.series} #${book.sequence}` : undefined,
    }
    await makeAudio({
      path: join(dir, file.name),
      format: file.format,
      durationSec: file.durationSec,
      frequencyHz: book.frequencyHz,
      tags,
      chapters: file.chapters,
      coverImage: book.embeddedCover ? coverArt : undefined,
    })
  }
  if (book.epub) {
    await makeEpub({
      path: join(dir, book.epub),
      title: book.title,
      author: book.author,
      cover: coverArt,
      publisher: book.publisher,
      description: book.description,
      date: book.year,
      series: book.series,
      seriesIndex: book.sequence,
      modified: new Date(Date.UTC(2024, 0, 1)),
    })
  }
}

async function makePodcast(root: string, podcast: PodcastSpec): Promise<void> {
  const dir = join(root, 'podcasts', podcast.folder)
  const cover = await makeCoverImage({
    path: join(dir, 'cover.jpg'),
    text: `${podcast.title}\n${podcast.author}`,
    colour: podcast.colour,
  })
  for (const [i, episode] of podcast.episodes.entries()) {
    await makeAudio({
      path: join(dir, episode.name),
      format: 'mp3',
      durationSec: episode.durationSec,
      frequencyHz: podcast.frequencyHz + i * 20,
      coverImage: podcast.embedCoverInFirst && i === 0 ? cover : undefined,
      tags: {
        title: episode.title,
        artist: podcast.author,
        album: podcast.title,
        albumArtist: podcast.author,
        genre: 'Podcast',
        date: episode.date,
        track: i + 1,
        comment: episode.description,
        description: podcast.description,
      },
    })
  }
}

/** Runs the tasks, at most `limit` at a time; rejects with the first failure after the started ones settle. */
export async function runBounded(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0
  let failure: unknown
  const worker = async () => {
    while (next < tasks.length && failure === undefined) {
      const task = tasks[next++] as () => Promise<void>
      try {
        await task()
      } catch (error) {
        failure ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker))
  if (failure !== undefined) throw failure
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}

async function tally(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0
  let bytes = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += (await stat(join(entry.parentPath, entry.name))).size
  }
  return { files, bytes }
}

export interface DemoLibraryResult {
  created: boolean
  out: string
  books: number
  podcasts: number
  episodes: number
  files: number
  bytes: number
  ms: number
}

export interface DemoLibraryOptions {
  out: string
  /** ffmpeg processes at a time; default 2. */
  concurrency?: number
}

/**
 * Writes books/ and podcasts/ under `out` unless its marker exists. Everything is made in a staging folder
 * beside `out` and moved in at the end, so an interrupted run leaves no half-made items.
 */
export async function generateDemoLibrary(options: DemoLibraryOptions): Promise<DemoLibraryResult> {
  const started = performance.now()
  const out = resolve(options.out)
  const counts = {
    books: BOOKS.length,
    podcasts: PODCASTS.length,
    episodes: PODCASTS.reduce((n, p) => n + p.episodes.length, 0),
  }
  if (await exists(join(out, DEMO_MARKER))) {
    return { created: false, out, ...counts, files: 0, bytes: 0, ms: Math.round(performance.now() - started) }
  }
  const clashes = []
  for (const root of ['books', 'podcasts']) if (await exists(join(out, root))) clashes.push(join(out, root))
  if (clashes.length > 0) {
    throw new Error(
      `${clashes.join(' and ')} already exist(s) without ${DEMO_MARKER}; remove or choose another --out`,
    )
  }
  if (!(await hasFfmpeg())) {
    throw new Error(
      'ffmpeg/ffprobe not found: run `bash scripts/ensure-system.sh` or set FFMPEG_PATH/FFPROBE_PATH',
    )
  }

  const staging = join(dirname(out), `.${basename(out)}.staging`)
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  try {
    await runBounded(
      [
        ...BOOKS.map((b) => () => makeBook(staging, b)),
        ...PODCASTS.map((p) => () => makePodcast(staging, p)),
      ],
      options.concurrency ?? 2,
    )
    await rm(join(staging, '.work'), { recursive: true, force: true })
    const { files, bytes } = await tally(staging)
    await writeFile(
      join(staging, DEMO_MARKER),
      `${JSON.stringify({ version: DEMO_VERSION, createdAt: Date.now(), ...counts }, null, 2)}\n`,
    )
    // Move in: the whole folder when `out` is absent or empty, else the two roots, the marker last.
    await rmdir(out).catch(() => undefined) // only succeeds on an empty folder
    if (!(await exists(out))) {
      await mkdir(dirname(out), { recursive: true })
      await rename(staging, out)
    } else {
      for (const name of ['books', 'podcasts', DEMO_MARKER])
        await rename(join(staging, name), join(out, name))
      await rm(staging, { recursive: true, force: true })
    }
    return { created: true, out, ...counts, files, bytes, ms: Math.round(performance.now() - started) }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}

function parseArgs(argv: readonly string[]): { out: string; concurrency: number } {
  let out = join('data', 'demo-library')
  let concurrency = 2
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.includes('=') ? (arg.split(/=(.*)/s, 2) as [string, string]) : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`)
      return v
    }
    if (flag === '--out') out = value()
    else if (flag === '--concurrency') concurrency = Math.max(1, Number.parseInt(value(), 10) || 1)
    else if (flag === '--help' || flag === '-h') {
      console.log(
        'usage: node scripts/demo-library.ts [--out DIR] [--concurrency N]   (default --out ./data/demo-library)',
      )
      process.exit(0)
    } else throw new Error(`unknown argument ${arg}`)
  }
  return { out, concurrency: Math.min(concurrency, availableParallelism() * 2) }
}

async function main(): Promise<void> {
  const { out, concurrency } = parseArgs(process.argv.slice(2))
  const result = await generateDemoLibrary({ out, concurrency })
  if (!result.created) {
    let createdAt = ''
    try {
      const marker = JSON.parse(await readFile(join(result.out, DEMO_MARKER), 'utf8')) as {
        createdAt?: number
      }
      if (marker.createdAt) createdAt = ` (made ${new Date(marker.createdAt).toISOString()})`
    } catch {
      // an unreadable marker still means "ours, leave it"
    }
    console.log(`demo library: already present at ${result.out}${createdAt}, nothing to do`)
    return
  }
  console.log(
    `demo library: ${result.books} books, ${result.podcasts} podcasts (${result.episodes} episodes), ` +
      `${result.files} files, ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s -> ${result.out}`,
  )
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`demo library: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
