import fs from 'node:fs'
import path from 'node:path'
import type { FilterData, LibraryItem, Task } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

const b64 = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('base64'))

describe('tags, genres and narrators: rename, merge, remove', () => {
  let t: TestApp
  let root: LoggedIn
  let fx: ItemFixtures
  let books: string
  let podcasts: string
  let socket: TestSocket
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token?: string) =>
    t.call(method, url, token ?? root.accessToken, body)
  const row = (id: string) =>
    t.ctx.database.db.selectFrom('library_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const list = async (id: string, column: 'tags' | 'genres' | 'narrators') =>
    JSON.parse((await row(id))[column]) as string[]
  const metadataJson = (id: string) =>
    JSON.parse(
      fs.readFileSync(path.join(t.config.metadataPath, 'items', id, 'metadata.json'), 'utf8'),
    ) as Record<string, unknown>
  const filterData = async (libraryId: string) =>
    (await call('GET', `/api/libraries/${libraryId}/filterdata`)).json<FilterData>()

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    fx = new ItemFixtures(t.ctx.database.db)
    books = (await fx.library({ name: 'Books', folder: path.join(t.dir, 'media', 'books') })).id
    podcasts = (
      await fx.library({ name: 'Pods', mediaType: 'podcast', folder: path.join(t.dir, 'media', 'pods') })
    ).id
    socket = await connectSocket(await t.listen())
    await socket.auth(root.accessToken)
  })
  afterAll(async () => {
    socket?.close()
    await t?.close()
  })

  it("lists tags with counts on request, and in Audiobookshelf's shape by default", async () => {
    await fx.item(books, { title: 'Count A', tags: ['countme', 'other'] })
    await fx.item(books, { title: 'Count B', tags: ['countme'] })
    await fx.item(podcasts, { title: 'Count Pod', tags: ['countme'] })
    const plain = (await call('GET', '/api/tags')).json<Record<string, unknown>>()
    expect(Object.keys(plain)).toEqual(['tags'])
    expect(plain.tags).toEqual(expect.arrayContaining(['countme', 'other']))
    const counted = (await call('GET', '/api/tags?include=count')).json<{
      tags: string[]
      counts: Record<string, number>
    }>()
    expect(counted.tags).toEqual(plain.tags)
    expect(counted.counts).toMatchObject({ countme: 3, other: 1 })
  })

  it('renames a tag on books and podcasts: rows, metadata.json, filter data and items_updated', async () => {
    const a = await fx.item(books, { title: 'Ren A', tags: ['old-tag', 'keep'], genres: ['G'] })
    const p = await fx.item(podcasts, { title: 'Ren Pod', tags: ['old-tag'] })
    const before = socket.events.length
    const res = await call('POST', '/api/tags/rename', { tag: 'old-tag', newTag: '  new-tag ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ tagMerged: false, numItemsUpdated: 2 })
    expect(await list(a, 'tags')).toEqual(['new-tag', 'keep'])
    expect(await list(p, 'tags')).toEqual(['new-tag'])
    expect(metadataJson(a)).toMatchObject({ title: 'Ren A', tags: ['new-tag', 'keep'], genres: ['G'] })
    expect(metadataJson(p)).toMatchObject({ title: 'Ren Pod', tags: ['new-tag'] })
    expect((await filterData(books)).tags).toContain('new-tag')
    expect((await filterData(books)).tags).not.toContain('old-tag')
    expect((await filterData(podcasts)).tags).toContain('new-tag')
    await socket.waitUntil(() => {
      const ids = socket.events
        .slice(before)
        .filter((e) => e.event === 'items_updated')
        .flatMap((e) => (e.payload as LibraryItem[]).map((i) => i.id))
      return ids.includes(a) && ids.includes(p)
    }, 'items_updated of both items')
    // Search follows too.
    const search = await call('GET', `/api/libraries/${books}/search?q=new-tag`)
    expect(search.json<{ tags: { name: string }[] }>().tags.map((x) => x.name)).toContain('new-tag')
  })

  it('merges into an existing tag (its spelling kept, ignoring case): an item holding both keeps one', async () => {
    const both = await fx.item(books, { title: 'Merge Both', tags: ['Fiction', 'fic'] })
    const onlyOld = await fx.item(books, { title: 'Merge Old', tags: ['fic', 'x'] })
    const res = await call('POST', '/api/tags/rename', { tag: 'fic', newTag: 'FICTION' })
    expect(res.json()).toEqual({ tagMerged: true, numItemsUpdated: 2 })
    expect(await list(both, 'tags')).toEqual(['Fiction'])
    expect(await list(onlyOld, 'tags')).toEqual(['Fiction', 'x'])
    expect(metadataJson(both).tags).toEqual(['Fiction'])
    const counts = (await call('GET', '/api/tags?include=count')).json<{ counts: Record<string, number> }>()
    expect(counts.counts.Fiction).toBe(2)
    expect(counts.counts.fic).toBeUndefined()
  })

  it('renames only the case of a tag without calling it a merge', async () => {
    const id = await fx.item(books, { title: 'Case', tags: ['scifi'] })
    expect((await call('POST', '/api/tags/rename', { tag: 'scifi', newTag: 'SciFi' })).json()).toEqual({
      tagMerged: false,
      numItemsUpdated: 1,
    })
    expect(await list(id, 'tags')).toEqual(['SciFi'])
  })

  it('removes a tag from every item (base64 name)', async () => {
    const a = await fx.item(books, { title: 'Del A', tags: ['gone/ä', 'stay'] })
    const p = await fx.item(podcasts, { title: 'Del Pod', tags: ['gone/ä'] })
    const res = await call('DELETE', `/api/tags/${b64('gone/ä')}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ numItemsUpdated: 2 })
    expect(await list(a, 'tags')).toEqual(['stay'])
    expect(await list(p, 'tags')).toEqual([])
    expect(metadataJson(a).tags).toEqual(['stay'])
    expect((await filterData(books)).tags).not.toContain('gone/ä')
    expect((await call('DELETE', `/api/tags/${b64('gone/ä')}`)).statusCode).toBe(404)
  })

  it('renames and removes genres across libraries', async () => {
    const a = await fx.item(books, { title: 'Gen A', genres: ['Horror', 'Drama'] })
    const p = await fx.item(podcasts, { title: 'Gen Pod', genres: ['Horror'] })
    const res = await call('POST', '/api/genres/rename', { genre: 'Horror', newGenre: 'Drama' })
    expect(res.json()).toEqual({ genreMerged: true, numItemsUpdated: 2 })
    expect(await list(a, 'genres')).toEqual(['Drama'])
    expect(await list(p, 'genres')).toEqual(['Drama'])
    expect(metadataJson(p).genres).toEqual(['Drama'])
    expect((await filterData(podcasts)).genres).toEqual(expect.not.arrayContaining(['Horror']))
    const del = await call('DELETE', `/api/genres/${b64('Drama')}`)
    expect(del.json()).toEqual({ numItemsUpdated: 2 })
    expect(await list(a, 'genres')).toEqual([])
    expect(metadataJson(a).genres).toEqual([])
    const counted = (await call('GET', '/api/genres?include=count')).json<{ genres: string[] }>()
    expect(counted.genres).not.toContain('Drama')
  })

  it("renames (merging) and removes a library's narrators", async () => {
    const a = await fx.item(books, { title: 'Nar A', narrators: ['Jim Dale', 'Stephen Fry'] })
    const b = await fx.item(books, { title: 'Nar B', narrators: ['Jim Dale'] })
    const res = await call('PATCH', `/api/libraries/${books}/narrators/${b64('Jim Dale')}`, {
      name: 'stephen fry',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ updated: 2 })
    expect(await list(a, 'narrators')).toEqual(['Stephen Fry'])
    expect(await list(b, 'narrators')).toEqual(['Stephen Fry'])
    expect((await row(b)).narrator_name).toBe('Stephen Fry')
    expect(metadataJson(b).narrators).toEqual(['Stephen Fry'])
    const narrators = (await call('GET', `/api/libraries/${books}/narrators`)).json<{
      narrators: { name: string; numBooks: number }[]
    }>().narrators
    expect(narrators.find((n) => n.name === 'Stephen Fry')?.numBooks).toBe(2)
    expect(narrators.some((n) => n.name === 'Jim Dale')).toBe(false)
    const del = await call('DELETE', `/api/libraries/${books}/narrators/${b64('Stephen Fry')}`)
    expect(del.json()).toEqual({ updated: 2 })
    expect(await list(a, 'narrators')).toEqual([])
    expect((await filterData(books)).narrators).not.toContain('Stephen Fry')
    // Unknown narrator, unknown library, a podcast library.
    expect((await call('DELETE', `/api/libraries/${books}/narrators/${b64('Nobody')}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/libraries/nope/narrators/${b64('Jim Dale')}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/libraries/${podcasts}/narrators/${b64('X')}`)).statusCode).toBe(404)
  })

  it('refuses bad input with a 4xx and a message, changing nothing', async () => {
    const id = await fx.item(books, {
      title: 'Bad',
      tags: ['intact'],
      genres: ['intact'],
      narrators: ['Intact'],
    })
    const bad: [string, string][] = [
      ['', 'New name is required'],
      ['   ', 'New name is required'],
      ['x'.repeat(10_000), 'New name must be at most 500 characters'],
      ['a\u0007b', 'New name cannot contain control characters'],
      ['a\nb', 'New name cannot contain control characters'],
      ['intact', 'New name is the same as the current name'],
    ]
    for (const [newTag, message] of bad) {
      const res = await call('POST', '/api/tags/rename', { tag: 'intact', newTag })
      expect(res.statusCode, JSON.stringify(newTag.slice(0, 20))).toBe(400)
      expect(res.body).toContain(message)
      const g = await call('POST', '/api/genres/rename', { genre: 'intact', newGenre: newTag })
      expect(g.statusCode).toBe(400)
      const n = await call('PATCH', `/api/libraries/${books}/narrators/${b64('Intact')}`, {
        name: newTag === 'intact' ? 'Intact' : newTag,
      })
      expect(n.statusCode).toBe(400)
    }
    expect((await call('POST', '/api/tags/rename', { tag: 'no-such-tag', newTag: 'y' })).statusCode).toBe(404)
    expect((await call('POST', '/api/tags/rename', { tag: 'intact' })).statusCode).toBe(400)
    for (const badId of ['not base64!', '%2F%2F8%3D', 'a'])
      expect((await call('DELETE', `/api/tags/${badId}`)).statusCode, badId).toBe(400)
    // A name too long for a path: refused before the handler (414), never a 5xx.
    const long = (await call('DELETE', `/api/genres/${'A'.repeat(5000)}`)).statusCode
    expect(long >= 400 && long < 500).toBe(true)
    expect((await call('PATCH', `/api/libraries/${books}/narrators/%21%21`, { name: 'x' })).statusCode).toBe(
      400,
    )

    await t.createUser(root.accessToken, { username: 'listener', password: 'pw' })
    const user = (await t.login('listener', 'pw')).accessToken
    expect((await call('POST', '/api/tags/rename', { tag: 'intact', newTag: 'y' }, user)).statusCode).toBe(
      403,
    )
    expect((await call('DELETE', `/api/tags/${b64('intact')}`, undefined, user)).statusCode).toBe(403)
    expect((await call('GET', '/api/tags?include=count', undefined, user)).statusCode).toBe(403)
    expect(
      (await call('DELETE', `/api/libraries/${books}/narrators/${b64('Intact')}`, undefined, user))
        .statusCode,
    ).toBe(403)
    expect(await list(id, 'tags')).toEqual(['intact'])
    expect(await list(id, 'genres')).toEqual(['intact'])
    expect(await list(id, 'narrators')).toEqual(['Intact'])
  })

  it('runs a change of more than 500 items as a task: counts in the answer, files done by task_finished', async () => {
    const ids: string[] = []
    for (let i = 0; i < 501; i++) ids.push(await fx.item(books, { title: `Bulk ${i}`, tags: ['bulk'] }))
    const res = await call('POST', '/api/tags/rename', { tag: 'bulk', newTag: 'bulk-renamed' })
    expect(res.json()).toEqual({ tagMerged: false, numItemsUpdated: 501 })
    const started = await socket.waitFor<Task>('task_started', (x) => x.action === 'item-metadata-update')
    const finished = await socket.waitFor<Task>('task_finished', (x) => x.id === started.id)
    expect(finished).toMatchObject({ isFailed: false, progress: 100 })
    expect(await list(ids[500] as string, 'tags')).toEqual(['bulk-renamed'])
    expect(metadataJson(ids[0] as string).tags).toEqual(['bulk-renamed'])
    const updated = new Set(
      socket.received('items_updated').flatMap((p) => (p as LibraryItem[]).map((i) => i.id)),
    )
    expect(ids.every((id) => updated.has(id))).toBe(true)
  })

  it('leaves nothing half done when the transaction fails', async () => {
    const id = await fx.item(books, { title: 'Atomic', tags: ['atomic'] })
    const repo = t.ctx.database.sqlite
    repo.exec(`CREATE TEMP TRIGGER fail_facets BEFORE INSERT ON item_facets WHEN NEW.value = 'atomic-2'
      BEGIN SELECT RAISE(ABORT, 'boom'); END`)
    const res = await call('POST', '/api/tags/rename', { tag: 'atomic', newTag: 'atomic-2' })
    repo.exec('DROP TRIGGER fail_facets')
    expect(res.statusCode).toBe(500)
    expect(await list(id, 'tags')).toEqual(['atomic'])
  })
})
