import fs from 'node:fs'
import path from 'node:path'
import type { ComicPagesResponse, LibraryFile } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  comicPagePng,
  comicPages,
  makeCbr,
  makeCbz,
  makeZipBombCbz,
} from '../../../../../scripts/media/comic.ts'
import { zipBuffer } from '../../../../../scripts/media/zip.ts'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'
import { ZipComic } from './zip-comic.ts'

const ebookEntry = (ino: string, full: string, isSupplementary = false): LibraryFile => ({
  ino,
  metadata: {
    filename: path.basename(full),
    ext: path.extname(full),
    path: full,
    relPath: path.basename(full),
    size: fs.statSync(full).size,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
  },
  isSupplementary,
  addedAt: 0,
  updatedAt: 0,
  fileType: 'ebook',
})

/** Sets an entry's declared uncompressed size in both of its zip headers (a bomb that lies about its size). */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip)
  for (let at = out.indexOf('PK\x01\x02'); at >= 0; at = out.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = out.readUInt16LE(at + 28)
    if (out.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue
    out.writeUInt32LE(size, at + 24)
    out.writeUInt32LE(size, out.readUInt32LE(at + 42) + 22)
  }
  return out
}

describe('comic page routes', () => {
  let t: TestApp
  let root: LoggedIn
  let fx: ItemFixtures
  let libraryDir: string
  let library: string
  let inoSeq = 100
  const pages300 = comicPages(300, { width: 24, height: 32 })
  const pages20 = comicPages(20, { width: 24, height: 32 })
  const ids: Record<string, string> = {}

  /** An item whose ebook is this comic file; supplementary comics beside it by their ino. */
  async function comicItem(key: string, fileName: string, bytes: Buffer | string, extra: string[] = []) {
    const dir = path.join(libraryDir, key)
    fs.mkdirSync(dir, { recursive: true })
    const main = path.join(dir, fileName)
    fs.writeFileSync(main, bytes)
    const mainEntry = ebookEntry(String(inoSeq++), main)
    const extras = extra.map((name) => ebookEntry(String(inoSeq++), path.join(dir, name), true))
    ids[key] = await fx.item(library, {
      title: key,
      path: dir,
      ebookFormat: path.extname(fileName).slice(1),
      ebookFile: mainEntry,
      libraryFiles: [mainEntry, ...extras],
    })
    return { id: ids[key], dir, file: main, entry: mainEntry, extras }
  }

  const get = (url: string, token: string | null = root.accessToken, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    })
  const list = (id: string, query = '') => get(`/api/items/${id}/comic-pages${query}`)
  const page = (id: string, index: number | string, query = '') =>
    get(`/api/items/${id}/comic-pages/${index}${query}`)

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    fx = new ItemFixtures(t.ctx.database.db)
    libraryDir = path.join(t.dir, 'media', 'comics')
    library = (await fx.library({ name: 'Comics', folder: libraryDir })).id
    await comicItem('cbz300', 'big.cbz', makeCbz(pages300))
    await comicItem('cbr20', 'twenty.cbr', makeCbr(pages20))
  })
  afterAll(() => t.close())

  it('lists the 300 pages of a CBZ in natural order, and serves each page as its image', async () => {
    const res = await list(ids.cbz300!)
    expect(res.statusCode).toBe(200)
    const body = res.json<ComicPagesResponse>()
    expect(body.pages).toHaveLength(300)
    expect(body.pages.slice(0, 3).map((p) => p.name)).toEqual(['page1.png', 'page2.png', 'page3.png'])
    expect(body.pages[9]).toEqual({
      index: 9,
      name: 'page10.png',
      size: pages300[9]!.data.length,
      mimeType: 'image/png',
    })
    expect(body.pages[299]?.name).toBe('page300.png')

    for (const index of [0, 1, 150, 299]) {
      const res = await page(ids.cbz300!, index)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.rawPayload.equals(pages300[index]!.data)).toBe(true)
    }
    const first = await page(ids.cbz300!, 0)
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    expect(first.headers['cache-control']).toMatch(/^private/)
    expect(first.headers.etag).toMatch(/^W\/".+-p0"$/)
    const again = await page(ids.cbz300!, 0, '')
    expect(again.headers.etag).toBe(first.headers.etag)
    const cached = await get(`/api/items/${ids.cbz300}/comic-pages/0`, root.accessToken, {
      'if-none-match': String(first.headers.etag),
    })
    expect(cached.statusCode).toBe(304)
    expect((await page(ids.cbz300!, 1)).headers.etag).not.toBe(first.headers.etag)
  })

  it('lists and serves the pages of a CBR (RAR) the same way', async () => {
    const res = await list(ids.cbr20!)
    expect(res.statusCode).toBe(200)
    expect(res.json<ComicPagesResponse>().pages.map((p) => p.name)).toEqual(pages20.map((p) => p.name))
    for (const index of [0, 9, 19]) {
      const res = await page(ids.cbr20!, index)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.rawPayload.equals(pages20[index]!.data)).toBe(true)
    }
  })

  it('reads a CBZ directory once per file version, then each page alone', async () => {
    const item = await comicItem('cached', 'cached.cbz', makeCbz(pages20))
    const opens = vi.spyOn(ZipComic, 'open')
    try {
      expect((await list(item.id)).statusCode).toBe(200)
      await Promise.all([0, 1, 2, 3].map((i) => page(item.id, i)))
      expect(opens).toHaveBeenCalledTimes(1)
      // A replaced file (new size and mtime) is read afresh.
      fs.writeFileSync(item.file, makeCbz(pages20.slice(0, 5)))
      const future = new Date(Date.now() + 60_000)
      fs.utimesSync(item.file, future, future)
      expect((await list(item.id)).json<ComicPagesResponse>().pages).toHaveLength(5)
      expect(opens).toHaveBeenCalledTimes(2)
    } finally {
      opens.mockRestore()
    }
  })

  it('leaves out directories, hidden and __MACOSX entries, non-images and unsafe names; writes nothing', async () => {
    const png = comicPagePng({ width: 4, height: 4 })
    const cbz = zipBuffer([
      { name: 'ch10/', data: '' },
      { name: 'ch10/page1.jpg', data: png, store: true },
      { name: 'ch2/page10.jpg', data: png, store: true },
      { name: 'ch2/page2.JPG', data: png, store: true },
      { name: '../escape.png', data: png, store: true },
      { name: 'ch2/../../up.png', data: png, store: true },
      { name: '/etc/absolute.png', data: png, store: true },
      { name: 'C:/drive.png', data: png, store: true },
      { name: '..\\windows.png', data: png, store: true },
      { name: '__MACOSX/ch2/._page2.jpg', data: png, store: true },
      { name: '.hidden.png', data: png, store: true },
      { name: 'ComicInfo.xml', data: '<ComicInfo/>' },
      { name: 'notes.txt', data: 'hello' },
      { name: 'thumbs.db', data: 'x' },
      { name: 'cover.webp', data: png, store: true },
      { name: 'x.avif', data: png, store: true },
      { name: 'anim.gif', data: png, store: true },
      { name: 'scan.jpeg', data: png, store: true },
    ])
    const item = await comicItem('tricky', 'tricky.cbz', cbz)
    const before = fs.readdirSync(t.dir, { recursive: true }).length
    const res = await list(item.id)
    expect(res.statusCode).toBe(200)
    expect(res.json<ComicPagesResponse>().pages.map((p) => [p.name, p.mimeType])).toEqual([
      ['anim.gif', 'image/gif'],
      ['ch2/page2.JPG', 'image/jpeg'],
      ['ch2/page10.jpg', 'image/jpeg'],
      ['ch10/page1.jpg', 'image/jpeg'],
      ['cover.webp', 'image/webp'],
      ['scan.jpeg', 'image/jpeg'],
      ['x.avif', 'image/avif'],
    ])
    for (let i = 0; i < 7; i++) expect((await page(item.id, i)).statusCode).toBe(200)
    expect((await page(item.id, 7)).statusCode).toBe(404)
    expect(fs.existsSync(path.join(libraryDir, 'escape.png'))).toBe(false)
    expect(fs.existsSync(path.join(libraryDir, 'up.png'))).toBe(false)
    expect(fs.readdirSync(t.dir, { recursive: true }).length).toBe(before)

    const rar = makeCbr([
      { name: 'page1.png', data: png },
      { name: '..\\..\\escape.png', data: png },
      { name: '../up.png', data: png },
      { name: 'info.txt', data: Buffer.from('x') },
    ])
    const rarItem = await comicItem('tricky-rar', 'tricky.cbr', rar)
    const rarRes = await list(rarItem.id)
    expect(rarRes.statusCode).toBe(200)
    expect(rarRes.json<ComicPagesResponse>().pages.map((p) => p.name)).toEqual(['page1.png'])
    expect((await page(rarItem.id, 0)).rawPayload.equals(png)).toBe(true)
    expect(fs.readdirSync(t.dir, { recursive: true }).length).toBe(before + 2)
  })

  it('answers 422 with a clear message for a zip bomb, declared or lying about its size', async () => {
    const declared = await comicItem('bomb', 'bomb.cbz', makeZipBombCbz())
    for (const res of [await list(declared.id), await page(declared.id, 0)]) {
      expect(res.statusCode).toBe(422)
      expect(res.body).toMatch(/zip bomb/)
    }
    // Under the page bound, but 2 MB from a few kilobytes.
    const ratio = await comicItem('ratio-bomb', 'ratio.cbz', makeZipBombCbz(2 * 1024 * 1024))
    expect((await list(ratio.id)).body).toMatch(/zip bomb.*page2\.png/)
    // Declares 1000 bytes, inflates to 10 MB: the listing passes, the page is stopped.
    const lying = await comicItem(
      'lying-bomb',
      'lying.cbz',
      declareSize(makeZipBombCbz(10 << 20), 'page2.png', 1000),
    )
    expect((await list(lying.id)).statusCode).toBe(200)
    expect((await page(lying.id, 0)).statusCode).toBe(200)
    const stopped = await page(lying.id, 1)
    expect(stopped.statusCode).toBe(422)
    expect(stopped.body).toMatch(/zip bomb/)
  })

  it('answers 422 for an empty, truncated, non-archive or pageless comic, never 5xx', async () => {
    const cbz = makeCbz(pages20)
    const cbr = makeCbr(pages20)
    const bad = [
      await comicItem('empty-cbz', 'empty.cbz', Buffer.alloc(0)),
      await comicItem('empty-cbr', 'empty.cbr', Buffer.alloc(0)),
      await comicItem('cut-cbz', 'cut.cbz', cbz.subarray(0, Math.floor(cbz.length / 2))),
      await comicItem('garbage', 'garbage.cbz', Buffer.from('this is not an archive at all')),
      await comicItem('zip-head', 'zip-head.cbz', Buffer.from('PK\x03\x04 and then nothing')),
      await comicItem('rar-head', 'rar-head.cbr', Buffer.from('Rar!\x1a\x07\x00 and then nothing')),
      await comicItem(
        'no-pages',
        'text.cbz',
        makeCbz([{ name: 'readme.txt', data: Buffer.from('no pages') }]),
      ),
    ]
    for (const item of bad) {
      const res = await list(item.id)
      expect(res.statusCode, path.basename(item.file)).toBe(422)
      expect(res.body.length).toBeGreaterThan(10)
      expect((await page(item.id, 0)).statusCode).toBe(422)
    }
    expect((await list(bad[0]!.id)).body).toMatch(/empty/)
    expect((await list(bad[6]!.id)).body).toMatch(/no page images/)

    // A RAR cut in half: its first pages still list and read, the cut one is a 422, nothing is a 5xx.
    const cut = await comicItem('cut-cbr', 'cut.cbr', cbr.subarray(0, Math.floor(cbr.length / 2)))
    const res = await list(cut.id)
    const statuses = [res.statusCode]
    if (res.statusCode === 200) {
      const count = res.json<ComicPagesResponse>().pages.length
      for (let i = 0; i < count; i++) statuses.push((await page(cut.id, i)).statusCode)
    }
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true)
    expect(statuses).toContain(422)
  })

  it('serves supplementary comics by fileid, refuses non-comic ebooks and bad indexes', async () => {
    const dir = path.join(libraryDir, 'mixed')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'extra.cbr'), makeCbr(pages20.slice(0, 3)))
    const item = await comicItem('mixed', 'book.epub', 'EPUB-BYTES', ['extra.cbr'])
    expect((await list(item.id)).statusCode).toBe(404)
    const query = `?fileid=${item.extras[0]!.ino}`
    expect((await list(item.id, query)).json<ComicPagesResponse>().pages).toHaveLength(3)
    expect((await page(item.id, 2, query)).rawPayload.equals(pages20[2]!.data)).toBe(true)
    expect((await list(item.id, '?fileid=999999')).statusCode).toBe(404)
    expect((await page(ids.cbz300!, 300)).statusCode).toBe(404)
    expect((await page(ids.cbz300!, 'abc')).statusCode).toBe(400)
    expect((await page(ids.cbz300!, -1)).statusCode).toBe(400)
    expect((await list('no-such-item')).statusCode).toBe(404)
  })

  it('keeps the item access rule: 401 without a token, 404 without access; ?token= works for <img>', async () => {
    await t.createUser(root.accessToken, {
      username: 'elsewhere',
      password: 'pw',
      permissions: { accessAllLibraries: false },
      librariesAccessible: [],
    })
    const outsider = (await t.login('elsewhere', 'pw')).accessToken
    expect((await get(`/api/items/${ids.cbz300}/comic-pages`, null)).statusCode).toBe(401)
    expect((await get(`/api/items/${ids.cbz300}/comic-pages/0`, null)).statusCode).toBe(401)
    expect((await get(`/api/items/${ids.cbz300}/comic-pages`, outsider)).statusCode).toBe(404)
    expect((await get(`/api/items/${ids.cbz300}/comic-pages/0`, outsider)).statusCode).toBe(404)
    expect((await get(`/api/items/${ids.cbz300}/comic-pages/0?token=${outsider}`, null)).statusCode).toBe(404)
    const viaQuery = await get(`/api/items/${ids.cbz300}/comic-pages/0?token=${root.accessToken}`, null)
    expect(viaQuery.statusCode).toBe(200)
    expect(viaQuery.rawPayload.equals(pages300[0]!.data)).toBe(true)
    // The list is a JSON call with headers: no token in its URL.
    expect(
      (await get(`/api/items/${ids.cbz300}/comic-pages?token=${root.accessToken}`, null)).statusCode,
    ).toBe(401)
  })
})
