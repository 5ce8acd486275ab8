import fs from 'node:fs'
import path from 'node:path'
import type { FilesystemResponse, Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { connectSocket, sleep, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

describe('library administration', () => {
  let t: TestApp
  let root: LoggedIn
  let reader: LoggedIn
  let outsider: LoggedIn
  let fx: ItemFixtures
  let base: string
  const sockets: TestSocket[] = []
  const folder = (name: string) => {
    const p = path.join(t.dir, 'media', name)
    fs.mkdirSync(p, { recursive: true })
    return fs.realpathSync(p)
  }
  const socketOf = async (token: string) => {
    const s = await connectSocket(base)
    sockets.push(s)
    if ((await s.auth(token)).event !== 'init') throw new Error('socket auth failed')
    return s
  }

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    fx = new ItemFixtures(t.ctx.database.db)
    base = await t.listen()
    await t.createUser(root.accessToken, {
      username: 'reader',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    reader = await t.login('reader', 'pw')
    await t.createUser(root.accessToken, {
      username: 'outsider',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    outsider = await t.login('outsider', 'pw')
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })

  it('updates name, icon, provider and settings; sends library_updated to users with access only', async () => {
    const lib = await fx.library({ name: 'Books', folder: folder('books') })
    await t.call('PATCH', `/api/users/${reader.user.id}`, root.accessToken, { librariesAccessible: [lib.id] })
    const readerSocket = await socketOf(reader.accessToken)
    const outsiderSocket = await socketOf(outsider.accessToken)
    const res = await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, {
      name: 'Audiobooks',
      icon: 'headphones',
      provider: 'audible',
      settings: { hideSingleBookSeries: true },
    })
    expect(res.statusCode).toBe(200)
    const updated = res.json<Library>()
    expect(updated).toMatchObject({ name: 'Audiobooks', icon: 'headphones', provider: 'audible' })
    expect(updated.settings.hideSingleBookSeries).toBe(true)
    expect(updated.settings.disableWatcher).toBe(true) // untouched settings kept
    expect((await readerSocket.waitFor<Library>('library_updated')).name).toBe('Audiobooks')
    await sleep(100)
    expect(outsiderSocket.received('library_updated')).toEqual([])

    for (const body of [
      { icon: 'not-an-icon' },
      { name: '' },
      { folders: [] },
      { settings: { coverAspectRatio: 7 } },
    ]) {
      expect((await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, body)).statusCode).toBe(400)
    }
    expect((await t.call('PATCH', `/api/libraries/nope`, root.accessToken, { name: 'x' })).statusCode).toBe(
      404,
    )
    expect(
      (await t.call('PATCH', `/api/libraries/${lib.id}`, reader.accessToken, { name: 'x' })).statusCode,
    ).toBe(403)
    expect((await t.call('PATCH', `/api/libraries/${lib.id}`, null, { name: 'x' })).statusCode).toBe(401)
  })

  it('adds and removes folders with the creation root checks; removed folders take their items', async () => {
    const lib = await fx.library({ name: 'Folders', folder: folder('f1') })
    const other = await fx.library({ name: 'Other', folder: folder('other') })
    const before = (await t.call('GET', `/api/libraries/${lib.id}`, root.accessToken)).json<Library>()
    const keep = before.folders[0]
    if (!keep) throw new Error('no folder')
    const item = await fx.item(lib.id, { title: 'In F1', authors: ['Someone'] })
    const f2 = folder('f2')

    for (const bad of [
      t.config.configPath,
      t.config.metadataPath,
      folder('other'),
      path.join(folder('other'), 'sub'),
      path.join(t.dir, 'media'),
      'relative',
      path.join(t.dir, 'missing'),
    ]) {
      if (bad.endsWith('sub')) fs.mkdirSync(bad, { recursive: true })
      const res = await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, {
        folders: [{ id: keep.id, fullPath: keep.fullPath }, { fullPath: bad }],
      })
      expect([bad, res.statusCode]).toEqual([bad, 400])
    }
    const added = await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, {
      folders: [{ id: keep.id, fullPath: keep.fullPath }, { fullPath: f2 }],
    })
    expect(added.statusCode).toBe(200)
    expect(added.json<Library>().folders.map((f) => f.fullPath)).toEqual([keep.fullPath, f2])
    // The same path twice or a path inside a kept folder is refused.
    fs.mkdirSync(path.join(f2, 'inner'), { recursive: true })
    expect(
      (
        await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, {
          folders: [{ fullPath: keep.fullPath }, { fullPath: f2 }, { fullPath: path.join(f2, 'inner') }],
        })
      ).statusCode,
    ).toBe(400)

    const removed = await t.call('PATCH', `/api/libraries/${lib.id}`, root.accessToken, {
      folders: [{ fullPath: f2 }],
    })
    expect(removed.json<Library>().folders.map((f) => f.fullPath)).toEqual([f2])
    expect(
      await t.ctx.database.db.selectFrom('library_items').select('id').where('id', '=', item).execute(),
    ).toEqual([])
    expect(
      await t.ctx.database.db.selectFrom('items_fts').select('item_id').where('item_id', '=', item).execute(),
    ).toEqual([])
    expect(other.id).toBeTruthy()
  })

  it('reorders libraries', async () => {
    const all = (await t.call('GET', '/api/libraries', root.accessToken)).json<{ libraries: Library[] }>()
      .libraries
    const reversed = [...all].reverse().map((l, i) => ({ id: l.id, newOrder: i + 1 }))
    const res = await t.call('POST', '/api/libraries/order', root.accessToken, reversed)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ libraries: Library[] }>().libraries.map((l) => l.id)).toEqual(
      [...all].reverse().map((l) => l.id),
    )
    expect(
      (await t.call('GET', '/api/libraries', root.accessToken))
        .json<{ libraries: Library[] }>()
        .libraries.map((l) => l.id),
    ).toEqual([...all].reverse().map((l) => l.id))
    for (const body of [[], [{ id: 'nope', newOrder: 1 }], { id: 'x' }, [{ id: all[0]?.id, newOrder: -1 }]]) {
      expect((await t.call('POST', '/api/libraries/order', root.accessToken, body)).statusCode).toBe(400)
    }
    expect((await t.call('POST', '/api/libraries/order', reader.accessToken, reversed)).statusCode).toBe(403)
  })

  it('deletes a library with everything in it and sends library_removed to users who had access', async () => {
    const lib = await fx.library({ name: 'Doomed', folder: folder('doomed') })
    await t.call('PATCH', `/api/users/${reader.user.id}`, root.accessToken, { librariesAccessible: [lib.id] })
    const readerSocket = await socketOf(reader.accessToken)
    const outsiderSocket = await socketOf(outsider.accessToken)
    const item = await fx.item(lib.id, {
      title: 'Doomed Book',
      authors: ['Doomed Author'],
      series: [{ name: 'Doomed Series', sequence: '1' }],
      genres: ['Doom'],
    })
    await fx.progress({ userId: root.user.id, itemId: item, currentTime: 5 })
    expect((await t.call('DELETE', `/api/libraries/${lib.id}`, reader.accessToken)).statusCode).toBe(403)
    const res = await t.call('DELETE', `/api/libraries/${lib.id}`, root.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json<Library>().name).toBe('Doomed')
    expect((await readerSocket.waitFor<Library>('library_removed')).id).toBe(lib.id)
    await sleep(100)
    expect(outsiderSocket.received('library_removed')).toEqual([])
    const db = t.ctx.database.db
    for (const table of ['library_items', 'authors', 'series', 'item_facets'] as const) {
      expect([
        table,
        await db.selectFrom(table).select('library_id').where('library_id', '=', lib.id).execute(),
      ]).toEqual([table, []])
    }
    expect(await db.selectFrom('items_fts').select('item_id').where('item_id', '=', item).execute()).toEqual(
      [],
    )
    expect(
      await db.selectFrom('media_progress').select('id').where('library_item_id', '=', item).execute(),
    ).toEqual([])
    expect((await t.call('GET', `/api/libraries/${lib.id}`, root.accessToken)).statusCode).toBe(404)
    expect((await t.call('DELETE', `/api/libraries/${lib.id}`, root.accessToken)).statusCode).toBe(404)
  })

  describe('GET /api/filesystem', () => {
    const fsGet = (query: string, token = root.accessToken) => t.call('GET', `/api/filesystem${query}`, token)

    it('lists directories only, hidden ones skipped, with their level', async () => {
      const dir = folder('browse')
      for (const d of ['Beta', 'alpha', '.hidden', 'Gamma 10', 'Gamma 9'])
        fs.mkdirSync(path.join(dir, d), { recursive: true })
      fs.writeFileSync(path.join(dir, 'file.mp3'), 'x')
      fs.symlinkSync(path.join(dir, 'Beta'), path.join(dir, 'link-to-beta'))
      const res = await fsGet(`?path=${encodeURIComponent(dir)}&level=2`)
      expect(res.statusCode).toBe(200)
      const body = res.json<FilesystemResponse>()
      expect(body.posix).toBe(true)
      expect(body.directories.map((d) => d.dirname)).toEqual([
        'alpha',
        'Beta',
        'Gamma 9',
        'Gamma 10',
        'link-to-beta',
      ])
      expect(body.directories[0]).toEqual({ path: path.join(dir, 'alpha'), dirname: 'alpha', level: 2 })
    })

    it('resolves the path; relative, missing and bad paths are refused; admins only', async () => {
      const dir = folder('browse')
      const viaDots = (
        await fsGet(`?path=${encodeURIComponent(path.join(dir, 'alpha', '..'))}`)
      ).json<FilesystemResponse>()
      expect(viaDots.directories.map((d) => d.path)).toContain(path.join(dir, 'Beta'))
      expect((await fsGet('?path=relative/dir')).statusCode).toBe(400)
      expect((await fsGet(`?path=${encodeURIComponent(path.join(dir, 'nope'))}`)).statusCode).toBe(404)
      expect((await fsGet(`?path=${encodeURIComponent(path.join(dir, 'file.mp3'))}`)).statusCode).toBe(404)
      expect((await fsGet('?path=%00')).statusCode).toBe(400)
      expect((await fsGet('?level=-1')).statusCode).toBe(400)
      expect((await fsGet('', reader.accessToken)).statusCode).toBe(403)
      expect((await t.call('GET', '/api/filesystem', null)).statusCode).toBe(401)
    })

    it('without a path answers the top-level folders, system folders left out', async () => {
      const body = (await fsGet('')).json<FilesystemResponse>()
      const names = body.directories.map((d) => d.dirname)
      expect(names).not.toContain('proc')
      expect(names).not.toContain('etc')
      expect(body.directories.every((d) => d.path === `/${d.dirname}`)).toBe(true)
    })
  })
})
