import fs from 'node:fs'
import path from 'node:path'
import type { Book, Library, LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeEpub } from '../../../../../scripts/media/index.ts'
import {
  createLibrary,
  createScannedPodcastLibrary,
  itemsOf,
  makePodcastLibrary,
  settle,
} from '../../scanner/test-library.ts'
import { FileChoicesStore } from '../../scanner/file-choices.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

const THREE = 'Track Author/Three Parts'
const OTHER = 'Track Author/Other Book'
const EBOOKS = 'Ebook Author/Two Ebooks'
const SYMLINKED = 'Track Author/Linked Book'

describe('item files: track order, ffprobe, deleting a file, ebook status', () => {
  let t: TestApp
  let token: string
  let library: Library
  let root: string
  let outside: string
  const item = async (rel: string): Promise<LibraryItem> => {
    const found = (await itemsOf(t, library.id)).get(rel)
    if (!found) throw new Error(`no item at ${rel}`)
    return found
  }
  const bookOf = (i: LibraryItem) => i.media as Book
  const names = (i: LibraryItem) => bookOf(i).audioFiles.map((f) => f.metadata.filename)
  const inoOf = (i: LibraryItem, name: string) => {
    const f = i.libraryFiles.find((x) => x.metadata.filename === name)
    if (!f) throw new Error(`no file ${name}`)
    return f.ino
  }

  beforeAll(async () => {
    const dir = tempDir('shelfcast-item-files-')
    root = path.join(dir, 'books')
    outside = path.join(dir, 'outside')
    for (const [i, name] of ['one', 'two', 'three'].entries()) {
      await makeAudio({
        path: path.join(root, THREE, `0${i + 1} ${name}.mp3`),
        durationSec: 1 + i,
        tags: { album: 'Three Parts', artist: 'Track Author' },
      })
    }
    await makeAudio({
      path: path.join(root, OTHER, 'only.mp3'),
      durationSec: 1,
      tags: { album: 'Other Book' },
    })
    await makeAudio({
      path: path.join(root, SYMLINKED, 'part.mp3'),
      durationSec: 1,
      tags: { album: 'Linked Book' },
    })
    fs.mkdirSync(outside, { recursive: true })
    fs.writeFileSync(path.join(outside, 'secret.jpg'), 'not yours')
    fs.writeFileSync(path.join(root, SYMLINKED, 'notes.txt'), 'listed, then swapped for a link')
    await makeEpub({ path: path.join(root, EBOOKS, 'a.epub'), title: 'Two Ebooks', author: 'Ebook Author' })
    await makeEpub({ path: path.join(root, EBOOKS, 'b.epub'), title: 'Two Ebooks', author: 'Ebook Author' })
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('reorders and excludes tracks, answers the expanded item, and a forced rescan keeps the order', async () => {
    const book = await item(THREE)
    expect(names(book)).toEqual(['01 one.mp3', '02 two.mp3', '03 three.mp3'])
    expect(bookOf(book).chapters.map((c) => c.title)).toEqual(['01 one', '02 two', '03 three'])
    const res = await t.call('PATCH', `/api/items/${book.id}/tracks`, token, {
      orderedFileData: [
        { ino: inoOf(book, '03 three.mp3') },
        { ino: inoOf(book, '01 one.mp3') },
        { ino: inoOf(book, '02 two.mp3'), exclude: true },
      ],
    })
    expect(res.statusCode).toBe(200)
    const answered = res.json<LibraryItem>()
    expect(answered.id).toBe(book.id)
    expect(names(answered)).toEqual(['03 three.mp3', '01 one.mp3', '02 two.mp3'])
    expect(bookOf(answered).audioFiles.map((f) => f.exclude)).toEqual([false, false, true])
    // Chapters that came one per file follow the order; the excluded file leaves playback and the duration.
    expect(bookOf(answered).chapters.map((c) => c.title)).toEqual(['03 three', '01 one'])
    expect(bookOf(answered).tracks?.map((f) => f.metadata.filename)).toEqual(['03 three.mp3', '01 one.mp3'])

    await settle(t, library.id, true)
    const after = await item(THREE)
    expect(names(after)).toEqual(['03 three.mp3', '01 one.mp3', '02 two.mp3'])
    expect(bookOf(after).audioFiles.map((f) => f.exclude)).toEqual([false, false, true])
    expect(bookOf(after).chapters.map((c) => c.title)).toEqual(['03 three', '01 one'])

    // A file added later goes after the ordered ones.
    await makeAudio({
      path: path.join(root, THREE, '00 zero.mp3'),
      durationSec: 1,
      tags: { album: 'Three Parts', artist: 'Track Author' },
    })
    await settle(t, library.id, true)
    expect(names(await item(THREE))).toEqual(['03 three.mp3', '01 one.mp3', '02 two.mp3', '00 zero.mp3'])
  })

  it('refuses a foreign ino, an unknown ino and duplicates with 400; an unknown item with 404', async () => {
    const book = await item(THREE)
    const other = await item(OTHER)
    const first = book.libraryFiles[0]?.ino ?? ''
    const tracks = (id: string, orderedFileData: unknown) =>
      t.call('PATCH', `/api/items/${id}/tracks`, token, { orderedFileData })
    const foreign = await tracks(book.id, [{ ino: inoOf(other, 'only.mp3') }])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.body).toMatch(/Not an audio file/)
    expect((await tracks(book.id, [{ ino: 'nope' }])).statusCode).toBe(400)
    expect((await tracks(book.id, [{ ino: first }, { ino: first }])).statusCode).toBe(400)
    expect((await tracks(book.id, [])).statusCode).toBe(400)
    expect((await tracks(book.id, 'x')).statusCode).toBe(400)
    expect((await tracks('no-such-item', [{ ino: first }])).statusCode).toBe(404)
    expect(names(await item(THREE))).toEqual(names(book))
  })

  it('answers ffprobe JSON to admins only; a foreign ino or a file gone from disk is 404', async () => {
    const other = await item(OTHER)
    const ino = inoOf(other, 'only.mp3')
    const res = await t.call('GET', `/api/items/${other.id}/ffprobe/${ino}`, token)
    expect(res.statusCode).toBe(200)
    const json = res.json<{ format?: { format_name?: string }; streams?: unknown[] }>()
    expect(json.format?.format_name).toBe('mp3')
    expect(json.streams?.length).toBeGreaterThan(0)

    const book = await item(THREE)
    expect((await t.call('GET', `/api/items/${book.id}/ffprobe/${ino}`, token)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/items/${other.id}/ffprobe/unknown`, token)).statusCode).toBe(404)

    await t.createUser(token, { username: 'listener', password: 'pw', type: 'user' })
    const listener = (await t.login('listener', 'pw')).accessToken
    expect((await t.call('GET', `/api/items/${other.id}/ffprobe/${ino}`, listener)).statusCode).toBe(403)

    fs.rmSync(path.join(root, OTHER, 'only.mp3'))
    const gone = await t.call('GET', `/api/items/${other.id}/ffprobe/${ino}`, token)
    expect(gone.statusCode).toBe(404)
    expect(gone.body).toMatch(/not found on disk/)
  })

  it('deletes one file of the item from disk and the item; the last track too', async () => {
    await t.createUser(token, {
      username: 'no-delete',
      password: 'pw',
      permissions: { update: true, delete: false },
    })
    const noDelete = (await t.login('no-delete', 'pw')).accessToken
    const book = await item(THREE)
    const one = inoOf(book, '01 one.mp3')
    expect((await t.call('DELETE', `/api/items/${book.id}/file/${one}`, noDelete)).statusCode).toBe(403)
    const other = await item(SYMLINKED)
    // An ino of another item, and an unknown one.
    expect(
      (await t.call('DELETE', `/api/items/${book.id}/file/${inoOf(other, 'part.mp3')}`, token)).statusCode,
    ).toBe(404)
    expect((await t.call('DELETE', `/api/items/${book.id}/file/unknown`, token)).statusCode).toBe(404)
    expect(fs.existsSync(path.join(root, SYMLINKED, 'part.mp3'))).toBe(true)

    // metadata.json goes into the item folder, where the rescan after the delete lists it.
    expect((await t.call('PATCH', '/api/settings', token, { storeMetadataWithItem: true })).statusCode).toBe(
      200,
    )
    const res = await t.call('DELETE', `/api/items/${book.id}/file/${one}`, token)
    expect((await t.call('PATCH', '/api/settings', token, { storeMetadataWithItem: false })).statusCode).toBe(
      200,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('OK')
    expect(fs.existsSync(path.join(root, THREE, '01 one.mp3'))).toBe(false)
    const after = await item(THREE)
    expect(names(after)).toEqual(['03 three.mp3', '02 two.mp3', '00 zero.mp3'])
    // The stored order forgets it, so a later file given the same inode does not take its place.
    const choices = await new FileChoicesStore(t.ctx.database.db).get(book.id)
    expect(choices.trackOrder?.map((c) => c.ino)).not.toContain(one)
    // By name: the file system may hand the freed inode to the next new file (metadata.json here).
    expect(after.libraryFiles.some((f) => f.metadata.filename === '01 one.mp3')).toBe(false)

    // A metadata.json deleted stays deleted (saving an edit would write it again).
    const json = after.libraryFiles.find((f) => f.metadata.filename === 'metadata.json')
    expect(json).toBeDefined()
    if (json) {
      expect((await t.call('DELETE', `/api/items/${book.id}/file/${json.ino}`, token)).statusCode).toBe(200)
      expect(fs.existsSync(path.join(root, THREE, 'metadata.json'))).toBe(false)
      expect((await item(THREE)).libraryFiles.some((f) => f.metadata.filename === 'metadata.json')).toBe(
        false,
      )
    }
  })

  it('refuses to delete through a symlink that leaves the item folder', async () => {
    const linked = await item(SYMLINKED)
    const link = linked.libraryFiles.find((f) => f.metadata.filename === 'notes.txt')
    if (!link) return expect.fail('notes.txt should be listed')
    // The listed file becomes a link to a file outside the library after the scan.
    const listed = path.join(root, SYMLINKED, 'notes.txt')
    fs.rmSync(listed)
    fs.symlinkSync(path.join(outside, 'secret.jpg'), listed)
    const res = await t.call('DELETE', `/api/items/${linked.id}/file/${link.ino}`, token)
    expect(res.statusCode).toBe(400)
    expect(res.body).toMatch(/outside the item folder/)
    expect(fs.existsSync(path.join(outside, 'secret.jpg'))).toBe(true)
    expect(fs.lstatSync(listed).isSymbolicLink()).toBe(true)

    // Its only audio file may go: the book then has no tracks (and, with no media left, a rescan flags it missing).
    const last = await t.call('DELETE', `/api/items/${linked.id}/file/${inoOf(linked, 'part.mp3')}`, token)
    expect(last.statusCode).toBe(200)
    const emptied = await item(SYMLINKED)
    expect(bookOf(emptied).audioFiles).toEqual([])
    expect(bookOf(emptied).chapters).toEqual([])
    expect(bookOf(emptied).duration).toBe(0)
    expect(emptied.isMissing).toBe(true)
  })

  it('toggles an ebook between primary and supplementary, kept across a forced rescan', async () => {
    const book = await item(EBOOKS)
    const a = inoOf(book, 'a.epub')
    const b = inoOf(book, 'b.epub')
    expect(bookOf(book).ebookFile?.ino).toBe(a)
    const status = (ino: string, as = token) =>
      t.call('PATCH', `/api/items/${book.id}/ebook/${ino}/status`, as)
    expect((await status(b)).statusCode).toBe(200)
    let now = await item(EBOOKS)
    expect(bookOf(now).ebookFile?.ino).toBe(b)
    expect(now.libraryFiles.find((f) => f.ino === a)?.isSupplementary).toBe(true)
    expect(now.libraryFiles.find((f) => f.ino === b)?.isSupplementary).toBe(false)
    await settle(t, library.id, true)
    expect(bookOf(await item(EBOOKS)).ebookFile?.ino).toBe(b)

    // The primary made supplementary: the book has no primary ebook, after a rescan too.
    expect((await status(b)).statusCode).toBe(200)
    now = await item(EBOOKS)
    expect(bookOf(now).ebookFile).toBeNull()
    expect(now.libraryFiles.filter((f) => f.fileType === 'ebook').every((f) => f.isSupplementary)).toBe(true)
    await settle(t, library.id, true)
    expect(bookOf(await item(EBOOKS)).ebookFile).toBeNull()

    const three = await item(THREE)
    const audio = three.libraryFiles.find((f) => f.fileType === 'audio')?.ino ?? ''
    expect((await t.call('PATCH', `/api/items/${three.id}/ebook/${audio}/status`, token)).statusCode).toBe(
      400,
    )
    expect((await status(inoOf(three, '02 two.mp3'))).statusCode).toBe(400)
    const viewer = await t.createUser(token, {
      username: 'viewer',
      password: 'pw',
      permissions: { update: false },
    })
    expect(viewer.username).toBe('viewer')
    expect((await status(a, (await t.login('viewer', 'pw')).accessToken)).statusCode).toBe(403)
  })

  it('hides items of libraries the user cannot open (404), and refuses podcasts (400)', async () => {
    const book = await item(THREE)
    const first = book.libraryFiles.find((f) => f.fileType === 'audio')?.ino ?? ''
    await t.createUser(token, {
      username: 'elsewhere',
      password: 'pw',
      permissions: { update: true, delete: true, accessAllLibraries: false },
      librariesAccessible: [],
    })
    const elsewhere = (await t.login('elsewhere', 'pw')).accessToken
    const tracks = await t.call('PATCH', `/api/items/${book.id}/tracks`, elsewhere, {
      orderedFileData: [{ ino: first }],
    })
    expect(tracks.statusCode).toBe(404)
    expect((await t.call('DELETE', `/api/items/${book.id}/file/${first}`, elsewhere)).statusCode).toBe(404)
    expect(fs.existsSync(path.join(root, THREE, '03 three.mp3'))).toBe(true)

    const podcasts = path.join(path.dirname(root), 'podcasts')
    await makePodcastLibrary(podcasts)
    const pods = await createScannedPodcastLibrary(t, token, podcasts)
    const [show] = (await itemsOf(t, pods.id)).values()
    if (!show) return expect.fail('the podcast should be scanned')
    const episode = show.libraryFiles[0]?.ino ?? ''
    const refused = await t.call('PATCH', `/api/items/${show.id}/tracks`, token, {
      orderedFileData: [{ ino: episode }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toMatch(/Only books/)
    expect((await t.call('PATCH', `/api/items/${show.id}/ebook/${episode}/status`, token)).statusCode).toBe(
      400,
    )
  })

  it('logs and permission-checks the download of one file', async () => {
    const book = await item(THREE)
    const ino = inoOf(book, '02 two.mp3')
    await t.createUser(token, { username: 'no-download', password: 'pw', permissions: { download: false } })
    const denied = (await t.login('no-download', 'pw')).accessToken
    expect((await t.call('GET', `/api/items/${book.id}/file/${ino}/download`, denied)).statusCode).toBe(403)
    const res = await t.call('GET', `/api/items/${book.id}/file/${ino}/download`, token)
    expect(res.statusCode).toBe(200)
    expect(String(res.headers['content-disposition'])).toMatch(/attachment/)
    expect(t.logs.lines().some((l) => l.msg === 'item file downloaded')).toBe(true)
  })
})
