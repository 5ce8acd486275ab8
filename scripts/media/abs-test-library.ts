import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { makeAudio, type AudioTags, type Chapter } from './audio.ts'
import { makeEpub } from './epub.ts'
import { makeCoverImage } from './image.ts'

/**
 * The library Audiobookshelf's captured answers were made on (`abs-responses/`, from the shared
 * `make-library.sh`): 65 books in `books/` (series and standalone, mp3, 3-part mp3, m4b with and without
 * chapters, an embedded cover, an audio + epub book, an ebook-only book, covers) and two podcasts in
 * `podcasts/`. Same folders, file names, tags and durations, so items, authors, series, narrators and
 * episodes can be matched to the captured ones by title and name. The audio bytes differ (our encoder
 * helper), which no answer shows.
 */

type Format = 'mp3' | 'mp3x3' | 'm4b' | 'm4bch' | 'mp3emb' | 'mp3epub' | 'epub'

interface BookRow {
  author: string
  series: string
  seq: string
  title: string
  year: string
  genre: string
  narrator: string
  format: Format
  cover: boolean
}

// author|series|seq|title|year|genre|narrator|format|cover (an empty title takes the next standalone title)
const BOOK_TABLE = `
Ada Thornbury|The Lantern Cycle|1|A Lantern in the Fog|2011|Fantasy|Marcus Hale|m4bch|y
Ada Thornbury|The Lantern Cycle|2|The Ashen Lamp|2012|Fantasy|Marcus Hale|mp3x3|n
Ada Thornbury|The Lantern Cycle|3|Candles at Dawn|2014|Fantasy|Marcus Hale|mp3|n
Ada Thornbury|The Lantern Cycle|4|The Last Wick|2016|Fantasy|Marcus Hale|m4b|y
Ada Thornbury||||2018|Fiction|Joanna Reyes|mp3|n
Bram Okonkwo|Saltwater Chronicles|1|Salt and Iron|2009|Adventure|Tom Brandt|mp3|y
Bram Okonkwo|Saltwater Chronicles|2|The Drowned Bell|2010|Adventure|Tom Brandt|mp3x3|n
Bram Okonkwo|Saltwater Chronicles|3|Harbor of Ash|2013|Adventure|Tom Brandt|m4bch|n
Bram Okonkwo||||2020|Biography|Tom Brandt|mp3|n
Celia Marchetti|Glass Orchard|1|Seeds of Glass|2015|Science Fiction|Ana Lucia Prado|mp3|n
Celia Marchetti|Glass Orchard|2|The Crystal Harvest|2017|Science Fiction|Ana Lucia Prado|m4b|n
Celia Marchetti|Glass Orchard|3|Autumn Panes|2019|Science Fiction|Ana Lucia Prado|mp3x3|y
Celia Marchetti||||2021|Literary Fiction|Ana Lucia Prado|mp3|n
Celia Marchetti||||2022|Essays|Celia Marchetti|mp3epub|n
Dmitri Vasquez||||2005|Mystery|Paul Winters|mp3|n
Dmitri Vasquez||||2007|Mystery|Paul Winters|mp3x3|n
Dmitri Vasquez||||2008|Thriller|Helen Ambrose|m4b|y
Elena Sørensen|Northern Lights Trilogy|1|Aurora Road|2012|Fantasy|Freya Lind|mp3|n
Elena Sørensen|Northern Lights Trilogy|2|The Polar Gate|2013|Fantasy|Freya Lind|mp3|n
Elena Sørensen|Northern Lights Trilogy|3|A Crown of Frost|2015|Fantasy|Freya Lind|m4bch|n
Farid Haddad|Desert Archive|1|Sand Ledger|2016|Historical Fiction|Omar Saleh|mp3|n
Farid Haddad|Desert Archive|2|The Caravan Index|2017|Historical Fiction|Omar Saleh|mp3x3|n
Farid Haddad|Desert Archive|3|Dune Catalogue|2018|Historical Fiction|Omar Saleh|mp3|y
Farid Haddad|Desert Archive|4|The Oasis Appendix|2020|Historical Fiction|Omar Saleh|m4b|n
Grace Liu||||2019|Science|Grace Liu|mp3|n
Grace Liu||||2020|Science|Daniel Cho|mp3emb|n
Grace Liu||||2023|Self-Help|Daniel Cho|m4b|n
Hector Blackwood|Iron Harbor|1|Anchors Away|2001|Thriller|Samuel Grant|mp3|n
Hector Blackwood|Iron Harbor|2|The Rusted Pier|2003|Thriller|Samuel Grant|mp3|n
Hector Blackwood|Iron Harbor|3|Dark Water Dock|2006|Thriller|Samuel Grant|mp3x3|n
Hector Blackwood||||2010|Horror|Samuel Grant|m4bch|y
Imogen Feld|Quiet Stars|1|A Whisper of Stars|2018|Science Fiction|Lydia Moss|mp3|n
Imogen Feld|Quiet Stars|2|Silent Nebula|2019|Science Fiction|Lydia Moss|mp3|n
Imogen Feld|Quiet Stars|2.5|Interlude at Vega|2020|Science Fiction|Lydia Moss|mp3|n
Imogen Feld|Quiet Stars|3|The Hushed Galaxy|2021|Science Fiction|Lydia Moss|m4b|n
Imogen Feld||||2022|Poetry|Imogen Feld|epub|n
Jonas Abara||||2014|Business|Kevin Otieno|mp3|n
Jonas Abara||||2016|Business|Kevin Otieno|mp3x3|n
Kat Morrow & Lee Park||||2021|Romance|Nina Alvarez|mp3|y
Kat Morrow & Lee Park||||2022|Romance|Nina Alvarez, Chris Bell|m4b|n
Mirela Costa|Tidewater|1|Tidewater Rising|2010|Drama|Beatriz Lima|mp3|n
Mirela Costa|Tidewater|2|A Tide of Lanterns|2011|Drama|Beatriz Lima|mp3|n
Mirela Costa|Tidewater|3|Low Tide Harbor|2012|Drama|Beatriz Lima|mp3x3|n
Mirela Costa|Tidewater|4|The Slack Water|2014|Drama|Beatriz Lima|m4bch|n
Mirela Costa||||2016|Travel|Beatriz Lima|mp3|n
Nadia Quinlan|Clockwork Saints|1|The Brass Abbey|2003|Steampunk|Oliver Stone|mp3|n
Nadia Quinlan|Clockwork Saints|2|Gears of Grace|2004|Steampunk|Oliver Stone|mp3|y
Nadia Quinlan|Clockwork Saints|3|The Iron Psalm|2006|Steampunk|Oliver Stone|m4b|n
Oscar Pell||||1999|Classics|Arthur Dean|mp3|n
Oscar Pell||||2000|Classics|Arthur Dean|mp3|n
Oscar Pell||||2002|Philosophy|Arthur Dean|mp3x3|n
Priya Raman|Monsoon Letters|1|Rain on Tin Roofs|2017|Literary Fiction|Meera Iyer|mp3|n
Priya Raman|Monsoon Letters|2|The Paper Boats|2018|Literary Fiction|Meera Iyer|mp3|n
Priya Raman|Monsoon Letters|3|A Season of Clouds|2020|Literary Fiction|Meera Iyer|m4bch|y
Quentin Marsh||||2011|History|Rupert Vale|mp3|n
Quentin Marsh||||2013|History|Rupert Vale|m4b|n
Rosa Delgado|Cantina Cases|1|Murder at the Cantina|2015|Mystery|Carmen Ruiz|mp3|n
Rosa Delgado|Cantina Cases|2|The Tequila Alibi|2016|Mystery|Carmen Ruiz|mp3|n
Rosa Delgado|Cantina Cases|3|Last Call for Alma|2018|Mystery|Carmen Ruiz|mp3x3|n
Simon Achebe||||2019|Memoir|Simon Achebe|mp3|n
Tatiana Volkova||||2008|Romance|Irina Petrova|mp3|y
Tatiana Volkova||||2009|Romance|Irina Petrova|mp3|n
Uma Castellano||||2024|Cooking|Lucia Bianchi|m4b|n
Victor Ng||||2012|Science Fiction|Alan Cho|mp3|n
Victor Ng||||2014|Science Fiction|Alan Cho|mp3|n
`

const STANDALONE_TITLES = [
  'The Amber Room',
  'A Small Cartography',
  'Notes from Harbor Street',
  'Paper Lanterns',
  'The Quiet Method',
  'Cold Case Almanac',
  'The Vanishing Ferry',
  'Black Ice Avenue',
  'Atlas of Small Things',
  'The Curious Particle',
  'Habits of Calm',
  'The Lighthouse Ward',
  'A Field Guide to Clouds',
  'Verses for a Grey Day',
  'Startup Saga',
  'Scaling Kindness',
  'Two Hearts in Lisbon',
  'Paris After Rain',
  'Postcards from Porto',
  'The Cave Analogy',
  'Letters to Lucilius Again',
  'Meditations on a Tram',
  'The Long Parliament',
  'Roman Roads',
  'A Borrowed Life',
  'Snow in Saint Petersburg',
  'White Nights Waltz',
  'Pasta, Slowly',
  'Orbital Decay',
  'The Martian Gardener',
]

const PODCASTS = [
  { show: 'The Test Pattern Show', host: 'Robin Keyes', episodes: 4, cover: true, base: 100 },
  { show: 'Loopback Radio', host: 'Sam Ortiz', episodes: 3, cover: false, base: 200 },
]

const SAMPLE_RATE = 22050
const durationFor = (i: number) => 30 + ((i * 37) % 91)
const frequencyFor = (i: number) => 220 + ((i * 53) % 660)
const pad = (n: number, width: number) => String(n).padStart(width, '0')

function bookRows(): BookRow[] {
  let standalone = 0
  return BOOK_TABLE.trim()
    .split('\n')
    .map((line) => {
      const [
        author = '',
        series = '',
        seq = '',
        title = '',
        year = '',
        genre = '',
        narrator = '',
        format = 'mp3',
        cover = 'n',
      ] = line.split('|')
      return {
        author,
        series,
        seq,
        title: title || (STANDALONE_TITLES[standalone++] as string),
        year,
        genre,
        narrator,
        format: format as Format,
        cover: cover === 'y',
      }
    })
}

/** `NN - Title` under a series (a fractional sequence as it is), else the title alone. */
function bookFolder(root: string, b: BookRow): string {
  if (!b.series) return path.join(root, b.author, b.title)
  const whole = b.seq.split('.')[0] ?? b.seq
  const nn = whole === b.seq ? pad(Number(whole), 2) : b.seq
  return path.join(root, b.author, b.series, `${nn} - ${b.title}`)
}

async function cover(file: string, index: number) {
  const colours = ['8b1e3f', '1e5f8b', '2e8b57', 'b8860b', '6a0dad', '444444', 'cc5500', '008080']
  await makeCoverImage({ path: file, width: 400, height: 400, colour: `#${colours[index % colours.length]}` })
}

async function makeBook(root: string, tmp: string, b: BookRow, i: number) {
  const dir = bookFolder(root, b)
  await mkdir(dir, { recursive: true })
  const durationSec = durationFor(i)
  const frequencyHz = frequencyFor(i)
  const date = `${b.year}-0${(i % 9) + 1}-1${i % 9}`
  const description = `Synthetic test audiobook #${i}: ${b.title} by ${b.author}, read by ${b.narrator}.`
  const tags: AudioTags = {
    artist: b.author,
    albumArtist: b.author,
    album: b.title,
    genre: b.genre,
    date,
    composer: b.narrator,
    comment: description,
    publisher: 'Oracle Test Press',
  }
  // Every other series book also carries explicit series tags (TXXX frames in mp3).
  const seriesTags: AudioTags =
    b.series && i % 2 === 0 ? { custom: { series: b.series, 'series-part': b.seq } } : {}
  const audio = (
    file: string,
    t: AudioTags,
    extra: { durationSec?: number; frequencyHz?: number; chapters?: Chapter[]; coverImage?: string } = {},
  ) =>
    makeAudio({
      path: path.join(dir, file),
      durationSec: extra.durationSec ?? durationSec,
      frequencyHz: extra.frequencyHz ?? frequencyHz,
      sampleRate: SAMPLE_RATE,
      tags: t,
      chapters: extra.chapters,
      coverImage: extra.coverImage,
    })

  switch (b.format) {
    case 'mp3':
      await audio(`${b.title}.mp3`, { ...tags, ...seriesTags, title: b.title, track: 1 })
      break
    case 'mp3emb': {
      const embedded = path.join(tmp, `embedded-${i}.jpg`)
      await cover(embedded, i)
      await audio(`${b.title}.mp3`, { ...tags, title: b.title, track: 1 }, { coverImage: embedded })
      break
    }
    case 'mp3x3':
      for (const t of [1, 2, 3]) {
        await audio(
          `${pad(t, 2)} - ${b.title} - Part ${t}.mp3`,
          { ...tags, ...seriesTags, title: `${b.title} - Part ${t}`, track: t, trackTotal: 3 },
          { durationSec: Math.max(10, Math.floor(durationSec / 3)), frequencyHz: frequencyHz + t * 40 },
        )
      }
      break
    case 'm4b':
    case 'm4bch': {
      const step = (durationSec * 1000) / 4
      const chapters =
        b.format === 'm4bch'
          ? [1, 2, 3, 4].map((c) => ({
              title: `Chapter ${c}`,
              startSec: Math.floor((c - 1) * step) / 1000,
              endSec: c === 4 ? durationSec : Math.floor(c * step) / 1000,
            }))
          : undefined
      await audio(
        `${b.title}.m4b`,
        { ...tags, title: b.title, ...(b.series ? { grouping: b.series } : {}) },
        { chapters },
      )
      break
    }
    case 'mp3epub':
      await audio(`${b.title}.mp3`, { ...tags, title: b.title, track: 1 })
      await makeEpub({
        path: path.join(dir, `${b.title}.epub`),
        title: b.title,
        author: b.author,
        description: 'Synthetic test ebook.',
      })
      break
    case 'epub':
      await makeEpub({
        path: path.join(dir, `${b.title}.epub`),
        title: b.title,
        author: b.author,
        description: 'Synthetic test ebook.',
      })
      break
  }
  if (b.cover) await cover(path.join(dir, 'cover.jpg'), i)
}

async function makePodcast(root: string, p: (typeof PODCASTS)[number]) {
  const dir = path.join(root, p.show)
  await mkdir(dir, { recursive: true })
  for (let e = 1; e <= p.episodes; e++) {
    await makeAudio({
      path: path.join(dir, `${pad(e, 3)} - ${p.show} - Episode ${e}.mp3`),
      durationSec: durationFor(p.base + e),
      frequencyHz: frequencyFor(p.base + e),
      sampleRate: SAMPLE_RATE,
      tags: {
        title: `Episode ${e}: Topic number ${e}`,
        album: p.show,
        artist: p.host,
        albumArtist: p.host,
        genre: 'Podcast',
        date: `2024-0${e}-0${e}`,
        track: e,
        comment: `Show notes for episode ${e} of ${p.show}.`,
        custom: { 'podcast-type': 'episodic', 'episode-type': 'full' },
      },
    })
  }
  if (p.cover) await cover(path.join(dir, 'cover.jpg'), p.base)
}

/** Writes the library into `out/books` and `out/podcasts` (both emptied first). */
export async function makeAbsTestLibrary(
  out: string,
): Promise<{ books: string; podcasts: string; bookCount: number }> {
  const books = path.join(out, 'books')
  const podcasts = path.join(out, 'podcasts')
  const tmp = path.join(out, '.tmp-gen')
  for (const dir of [books, podcasts, tmp]) {
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
  }
  const rows = bookRows()
  for (const [n, b] of rows.entries()) await makeBook(books, tmp, b, n + 1)
  for (const p of PODCASTS) await makePodcast(podcasts, p)
  await rm(tmp, { recursive: true, force: true })
  return { books, podcasts, bookCount: rows.length }
}
