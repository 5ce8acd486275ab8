import fs from 'node:fs'
import path from 'node:path'
import type { LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import {
  HOSTILE_DESCRIPTION,
  HOSTILE_DESCRIPTION_SANITISED,
  HOSTILE_MARKUP,
} from '../test-support/hostile-markup.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { createLibrary, createScannedPodcastLibrary, itemsOf, settle } from './test-library.ts'
import { bookMedia, podcastMedia } from '../test-support/media-of.ts'

const HOSTILE = HOSTILE_DESCRIPTION
const CLEAN = HOSTILE_DESCRIPTION_SANITISED
/** ffmpeg splits an ID3 text on '/', so the tags carry markup without closing tags. */
const TAG_HOSTILE = '<img src=x onerror=alert(1)><p onclick="x">ok<a href="javascript:alert(1)">x'
const TAG_CLEAN = '<p>okx</p>'
const xmlEscaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Every metadata source the scanner reads a description from, each with script-bearing HTML in it. */
describe('descriptions read by the scanner', () => {
  let t: TestApp
  let token: string
  const books: Record<string, LibraryItem> = {}
  let podcast: LibraryItem | undefined

  beforeAll(async () => {
    const dir = tempDir('shelfcast-desc-scan-')
    const root = path.join(dir, 'books')
    const folder = async (name: string, extra: Record<string, string>, tags: Record<string, string> = {}) => {
      fs.mkdirSync(path.join(root, name), { recursive: true })
      await makeAudio({
        path: path.join(root, name, 'a.mp3'),
        durationSec: 1,
        tags: { title: name, ...tags },
      })
      for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(root, name, file), text)
    }
    await folder('Json Book', {
      'metadata.json': JSON.stringify({ title: 'Json Book', description: HOSTILE }),
    })
    await folder('Opf Book', {
      'book.opf': `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Opf Book</dc:title><dc:description>${xmlEscaped(HOSTILE)}</dc:description></metadata></package>`,
    })
    await folder('Nfo Book', { 'book.nfo': `Title: Nfo Book\nBook Description\n==========\n${HOSTILE}\n` })
    await folder('Txt Book', { 'desc.txt': HOSTILE })
    await folder('Tag Book', {}, { comment: TAG_HOSTILE })

    const pods = path.join(dir, 'podcasts')
    fs.mkdirSync(path.join(pods, 'Show'), { recursive: true })
    fs.writeFileSync(
      path.join(pods, 'Show', 'metadata.json'),
      JSON.stringify({ title: 'Show', description: HOSTILE }),
    )
    await makeAudio({
      path: path.join(pods, 'Show', 'ep1.mp3'),
      durationSec: 1,
      tags: { title: 'Ep 1', comment: TAG_HOSTILE },
    })

    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    const library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    for (const [rel, item] of await itemsOf(t, library.id)) books[rel] = item
    const podcasts = await createScannedPodcastLibrary(t, token, pods)
    podcast = (await itemsOf(t, podcasts.id)).get('Show')
  })
  afterAll(async () => t?.close())

  it.each([
    ['Json Book', CLEAN, 'xok\nlink'],
    ['Opf Book', CLEAN, 'xok\nlink'],
    ['Nfo Book', CLEAN, 'xok\nlink'],
    ['Txt Book', CLEAN, 'xok\nlink'],
    ['Tag Book', TAG_CLEAN, 'okx'],
  ])('%s: the description is stored and served sanitised', async (name, clean, plain) => {
    const id = books[name]?.id
    if (!id) throw new Error(`${name} was not scanned`)
    const row = await t.ctx.database.db
      .selectFrom('library_items')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.description?.trim()).toBe(clean)
    const served = (await t.call('GET', `/api/items/${id}?expanded=1`, token)).json<LibraryItem>()
    const { description, descriptionPlain } = bookMedia(served).metadata
    expect([description?.trim(), descriptionPlain]).toEqual([clean, plain])
  })

  it("a podcast's metadata.json and an episode's tag: sanitised", async () => {
    if (!podcast) throw new Error('podcast was not scanned')
    const media = podcastMedia(
      (await t.call('GET', `/api/items/${podcast.id}?expanded=1`, token)).json<LibraryItem>(),
    )
    expect(media.metadata.description).toBe(CLEAN)
    expect(media.episodes.map((e) => e.description)).toEqual([TAG_CLEAN])
    for (const d of [media.metadata.description, ...media.episodes.map((e) => e.description)])
      expect(d).not.toMatch(HOSTILE_MARKUP)
  })
})
