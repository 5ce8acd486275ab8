import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem } from '@shelfcast/contracts'
import { makeAudio, makeCoverImage, makeEpub } from '../../../../scripts/media/index.ts'
import { toExpandedItem } from '../modules/library-items/item-json.ts'
import type { TestApp } from '../test-support/test-app.ts'
import { ScanRepository } from './scan.repository.ts'

/** Paths of a generated book library, relative to its root. */
export const BOOKS = {
  mort: 'Terry Pratchett/Discworld/Book 4 - Mort',
  earthsea: 'Le Guin, Ursula K/A Wizard of Earthsea',
  ebookOnly: 'Jane Writer/The Paper Book',
  loose: 'Loose Book.mp3',
  withJson: 'Some Author/1999 - Folder Title',
  discs: 'Disc Author/Two Disc Book',
} as const

/** A small book library generated with ffmpeg: every layout and source the scanner must understand. */
export async function makeBookLibrary(root: string, work: string): Promise<void> {
  fs.mkdirSync(work, { recursive: true })
  const cover = await makeCoverImage({
    path: path.join(work, 'cover.jpg'),
    width: 64,
    height: 64,
    colour: '#336699',
  })
  const art = await makeCoverImage({
    path: path.join(work, 'art.png'),
    width: 48,
    height: 48,
    colour: '#993333',
  })
  const at = (...parts: string[]) => path.join(root, ...parts)

  await makeAudio({
    path: at(BOOKS.mort, 'Mort.m4b'),
    durationSec: 6,
    chapters: [
      { title: 'Opening', startSec: 0, endSec: 2 },
      { title: 'Middle', startSec: 2, endSec: 4.5 },
      { title: 'Ending', startSec: 4.5, endSec: 6 },
    ],
    tags: {
      album: 'Mort',
      artist: 'Terry Pratchett',
      composer: 'Nigel Planer',
      date: '1987',
      genre: 'Fantasy',
      publisher: 'Corgi',
    },
  })

  for (let i = 1; i <= 3; i++) {
    // Tags say the order (3, 1, 2 by name would be wrong): track tags win over names.
    await makeAudio({
      path: at(BOOKS.earthsea, `part ${['c', 'a', 'b'][i - 1]}.mp3`),
      durationSec: 2,
      tags: {
        album: 'A Wizard of Earthsea',
        title: `Part ${i}`,
        artist: 'Ursula K. Le Guin',
        track: i,
        trackTotal: 3,
      },
    })
  }
  fs.copyFileSync(cover, at(BOOKS.earthsea, 'cover.jpg'))

  await makeEpub({
    path: at(BOOKS.ebookOnly, 'paper.epub'),
    title: 'The Paper Book',
    author: 'Jane Writer',
    cover: art,
  })

  await makeAudio({
    path: at(BOOKS.loose),
    durationSec: 2,
    coverImage: art,
    tags: { title: 'Loose Book', artist: 'Solo Writer' },
  })

  await makeAudio({
    path: at(BOOKS.withJson, 'audio.mp3'),
    durationSec: 2,
    tags: { album: 'Tag Title', artist: 'Tag Author' },
  })
  fs.writeFileSync(
    at(BOOKS.withJson, 'metadata.json'),
    JSON.stringify({
      title: 'Json Title',
      authors: ['Json Author'],
      series: ['Json Series #2.5'],
      tags: ['favourite'],
      genres: ['Mystery'],
    }),
  )
  fs.writeFileSync(at(BOOKS.withJson, 'desc.txt'), 'Described in desc.txt')
  fs.writeFileSync(at(BOOKS.withJson, 'reader.txt'), 'Reader One\nReader Two')

  await makeAudio({
    path: at(BOOKS.discs, 'CD 1', 'track.mp3'),
    durationSec: 1,
    tags: { album: 'Two Disc Book' },
  })
  await makeAudio({
    path: at(BOOKS.discs, 'CD 2', 'track.mp3'),
    durationSec: 1,
    tags: { album: 'Two Disc Book' },
  })
}

/** A podcast library: one show folder with two dated episodes. */
export async function makePodcastLibrary(root: string): Promise<void> {
  const show = path.join(root, 'My Show')
  await makeAudio({
    path: path.join(show, 'ep1.mp3'),
    durationSec: 2,
    tags: { title: 'First Episode', album: 'My Show', artist: 'Host Person', date: '2024-01-02' },
  })
  await makeAudio({
    path: path.join(show, 'ep2.mp3'),
    durationSec: 3,
    tags: { title: 'Second Episode', album: 'My Show', artist: 'Host Person', date: '2024-02-03' },
  })
}

/** Every item of a library as the API would show it in full, keyed by relPath. */
export async function itemsOf(t: TestApp, libraryId: string): Promise<Map<string, LibraryItem>> {
  const repo = new ScanRepository(t.ctx.database.db)
  const ids = (await repo.itemIndex(libraryId)).map((e) => e.id)
  const items = await repo.loadItems(ids)
  return new Map(items.map((s) => [s.row.rel_path, toExpandedItem(s.row, s.relations, s.episodes)]))
}

export async function createLibrary(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<Library> {
  const res = await t.call('POST', '/api/libraries', token, body)
  if (res.statusCode !== 200) throw new Error(`create library failed: ${res.statusCode} ${res.body}`)
  return res.json<Library>()
}

/** Waits for the scan that creating a library started (or runs one). */
export async function settle(t: TestApp, libraryId: string, force = false) {
  const first = await t.ctx.scanner.scans.scanLibrary(libraryId, { force })
  const result = await first.done
  if (first.status === 'already-scanning' && force)
    return (await t.ctx.scanner.scans.scanLibrary(libraryId, { force })).done
  return result
}

/** A podcast library over `root` (no watcher: tests decide when to scan), with its first scan finished. */
export async function createScannedPodcastLibrary(
  t: TestApp,
  token: string,
  root: string,
  name = 'Pods',
): Promise<Library> {
  const library = await createLibrary(t, token, {
    name,
    folders: [{ fullPath: root }],
    mediaType: 'podcast',
    icon: 'podcast',
    settings: { disableWatcher: true },
  })
  await settle(t, library.id)
  return library
}
