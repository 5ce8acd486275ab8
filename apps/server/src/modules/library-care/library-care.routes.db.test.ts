import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { connectSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp } from '../../test-support/test-app.ts'

describe('POST /api/libraries/:id/remove-metadata', () => {
  it("deletes the library's metadata files in item folders only, counting them", async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const fx = new ItemFixtures(t.ctx.database.db)
      const books = path.join(t.dir, 'media', 'books')
      const others = path.join(t.dir, 'media', 'other')
      const outside = path.join(t.dir, 'outside')
      const library = (await fx.library({ folder: books })).id
      const other = (await fx.library({ name: 'Other', folder: others, displayOrder: 2 })).id
      const folderOf = (base: string, name: string, files: string[]) => {
        const dir = path.join(base, name)
        fs.mkdirSync(dir, { recursive: true })
        for (const f of files) fs.writeFileSync(path.join(dir, f), '{}')
        return dir
      }
      const both = folderOf(books, 'Both', ['metadata.json', 'metadata.abs', 'a.mp3'])
      const absOnly = folderOf(books, 'Abs Only', ['metadata.abs'])
      // A symlinked metadata.json: the link is not a regular file and its target lies outside the library.
      const linked = folderOf(books, 'Linked', [])
      const target = folderOf(outside, 'target', ['metadata.json'])
      fs.symlinkSync(path.join(target, 'metadata.json'), path.join(linked, 'metadata.json'))
      // An item whose stored path lies outside the library folders (a stale or forged row).
      const stray = folderOf(outside, 'Stray', ['metadata.json'])
      const elsewhere = folderOf(others, 'Elsewhere', ['metadata.json'])
      for (const [title, dir] of [
        ['Both', both],
        ['Abs Only', absOnly],
        ['Linked', linked],
        ['Stray', stray],
      ] as const)
        await fx.item(library, { title, path: dir })
      await fx.item(other, { title: 'Elsewhere', path: elsewhere })
      const url = (ext: string, id = library) => `/api/libraries/${id}/remove-metadata?ext=${ext}`

      await t.createUser(root.accessToken, { username: 'plain', password: 'plain-password' })
      const plain = (await t.login('plain', 'plain-password')).accessToken
      expect((await t.call('POST', url('json'), plain)).statusCode).toBe(403)
      for (const bad of ['', 'txt', '../json', 'json%00'])
        expect((await t.call('POST', url(bad), root.accessToken)).statusCode).toBe(400)
      expect(
        (await t.call('POST', '/api/libraries/nope/remove-metadata?ext=json', root.accessToken)).statusCode,
      ).toBe(404)

      const res = await t.call('POST', url('json'), root.accessToken)
      expect([res.statusCode, res.json()]).toEqual([200, { found: 1, removed: 1 }])
      expect(fs.existsSync(path.join(both, 'metadata.json'))).toBe(false)
      expect(fs.existsSync(path.join(both, 'metadata.abs'))).toBe(true)
      expect(fs.existsSync(path.join(both, 'a.mp3'))).toBe(true)
      expect(fs.existsSync(path.join(target, 'metadata.json'))).toBe(true)
      expect(fs.lstatSync(path.join(linked, 'metadata.json')).isSymbolicLink()).toBe(true)
      expect(fs.existsSync(path.join(stray, 'metadata.json'))).toBe(true)
      expect(fs.existsSync(path.join(elsewhere, 'metadata.json'))).toBe(true)

      const abs = await t.call('POST', url('abs'), root.accessToken)
      expect(abs.json()).toEqual({ found: 2, removed: 2 })
      expect(fs.existsSync(path.join(absOnly, 'metadata.abs'))).toBe(false)
      expect((await t.call('POST', url('json'), root.accessToken)).json()).toEqual({ found: 0, removed: 0 })

      // The items keep their rows.
      const items = await t.call('GET', `/api/libraries/${library}/items`, root.accessToken)
      expect(items.json<{ total: number }>().total).toBe(4)
    } finally {
      await t.close()
    }
  })
})

describe('cache purge', () => {
  it('empties the cache folder (admins only), touches nothing else, and covers are rebuilt', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const cache = path.join(t.config.metadataPath, 'cache')
      const covers = path.join(cache, 'covers')
      const authors = path.join(cache, 'authors')
      const keep = path.join(t.dir, 'keep.txt')
      fs.writeFileSync(keep, 'keep')
      fs.mkdirSync(covers, { recursive: true })
      fs.mkdirSync(authors, { recursive: true })
      fs.writeFileSync(path.join(covers, 'x_400x0.webp'), 'old')
      fs.writeFileSync(path.join(authors, 'y_400x0.webp'), 'old')
      fs.mkdirSync(path.join(cache, 'other'), { recursive: true })
      // A link in the cache goes as a link: what it points to stays.
      fs.symlinkSync(keep, path.join(covers, 'link_1x1.webp'))
      const fx = new ItemFixtures(t.ctx.database.db)
      const library = (await fx.library({ folder: path.join(t.dir, 'media', 'books') })).id
      const itemDir = path.join(t.dir, 'media', 'books', 'Covered')
      fs.mkdirSync(itemDir, { recursive: true })
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
        .jpeg()
        .toFile(path.join(itemDir, 'cover.jpg'))
      const item = await fx.item(library, {
        title: 'Covered',
        path: itemDir,
        coverPath: path.join(itemDir, 'cover.jpg'),
      })
      const cover = () => t.inject({ method: 'GET', url: `/api/items/${item}/cover?width=100` })
      expect((await cover()).statusCode).toBe(200)
      const cachedCovers = () => fs.readdirSync(covers).filter((n) => n.startsWith(item))
      expect(cachedCovers()).toHaveLength(1)

      await t.createUser(root.accessToken, { username: 'plain', password: 'plain-password' })
      const plain = (await t.login('plain', 'plain-password')).accessToken
      expect((await t.call('POST', '/api/cache/purge', plain)).statusCode).toBe(403)
      expect((await t.call('POST', '/api/cache/items/purge', plain)).statusCode).toBe(403)
      expect(fs.existsSync(path.join(covers, 'x_400x0.webp'))).toBe(true)

      const items = await t.call('POST', '/api/cache/items/purge', root.accessToken)
      expect([items.statusCode, items.body]).toEqual([200, 'OK'])
      expect(fs.readdirSync(covers)).toEqual([])
      expect(fs.existsSync(path.join(authors, 'y_400x0.webp'))).toBe(true)
      const again = await cover()
      expect([again.statusCode, again.headers['content-type']]).toEqual([200, 'image/jpeg'])
      expect(cachedCovers()).toHaveLength(1)
      expect(fs.readFileSync(keep, 'utf8')).toBe('keep')

      const all = await t.call('POST', '/api/cache/purge', root.accessToken)
      expect([all.statusCode, all.body]).toEqual([200, 'OK'])
      expect(fs.readdirSync(cache)).toEqual([])
      expect(fs.readFileSync(keep, 'utf8')).toBe('keep')
      expect((await cover()).statusCode).toBe(200)
      expect(fs.readdirSync(covers).filter((n) => n.startsWith(item))).toHaveLength(1)
      expect(fs.readFileSync(path.join(itemDir, 'cover.jpg')).length).toBeGreaterThan(0)
      // A purge of an empty (or missing) cache is fine too.
      fs.rmSync(cache, { recursive: true, force: true })
      expect((await t.call('POST', '/api/cache/purge', root.accessToken)).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe('DELETE /api/libraries/:id/issues: events and filter data', () => {
  it('sends item_removed for each removed item and series_removed for a series left empty; filter data follows', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const fx = new ItemFixtures(t.ctx.database.db)
      const library = (await fx.library({ folder: path.join(t.dir, 'media', 'books') })).id
      await fx.item(library, { title: 'Sound', series: [{ name: 'Kept Series' }] })
      const gone = await fx.item(library, {
        title: 'Gone',
        isMissing: true,
        series: [{ name: 'Lost Series' }],
      })
      const broken = await fx.item(library, {
        title: 'Broken',
        isInvalid: true,
        series: [{ name: 'Kept Series' }],
      })
      const lost = await t.ctx.database.db
        .selectFrom('series')
        .select('id')
        .where('name', '=', 'Lost Series')
        .executeTakeFirstOrThrow()
      const filterData = async () =>
        (await t.call('GET', `/api/libraries/${library}/filterdata`, root.accessToken)).json<{
          series: { name: string }[]
          numIssues: number
        }>()
      expect((await filterData()).numIssues).toBe(2)

      const socket = await connectSocket(await t.listen())
      await socket.auth(root.accessToken)
      expect((await t.call('DELETE', `/api/libraries/${library}/issues`, root.accessToken)).statusCode).toBe(
        200,
      )
      await socket.waitUntil(() => socket.received('item_removed').length === 2, 'two item_removed')
      expect(socket.received('item_removed')).toEqual(
        expect.arrayContaining([
          { id: gone, libraryId: library },
          { id: broken, libraryId: library },
        ]),
      )
      expect(await socket.waitFor('series_removed')).toEqual({ id: lost.id, libraryId: library })
      expect(socket.received('series_removed')).toHaveLength(1)
      socket.close()

      const after = await filterData()
      expect(after.numIssues).toBe(0)
      expect(after.series.map((x) => x.name)).toEqual(['Kept Series'])
    } finally {
      await t.close()
    }
  })
})

describe('cache purge while an audio tool runs', () => {
  it('is refused with 409 while an audio tool runs, leaving its work folder; allowed again once it ends', async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const work = path.join(t.config.metadataPath, 'cache', 'items', 'item-1', 'split-1-0a1b2c3d')
      fs.mkdirSync(work, { recursive: true })
      fs.writeFileSync(path.join(work, '01 - Part.mp3'), 'partial')
      const run = t.ctx.toolRuns.begin('item-1')
      const refused = await t.call('POST', '/api/cache/purge', root.accessToken)
      expect(refused.statusCode).toBe(409)
      expect(refused.body).toBe('An audio tool is running: purge the cache when it has finished')
      expect(fs.readFileSync(path.join(work, '01 - Part.mp3'), 'utf8')).toBe('partial')
      run?.end()
      expect((await t.call('POST', '/api/cache/purge', root.accessToken)).statusCode).toBe(200)
      expect(fs.existsSync(work)).toBe(false)
    } finally {
      await t.close()
    }
  })
})
