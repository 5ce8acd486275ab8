import type { Collection, CollectionsListResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import {
  HOSTILE_DESCRIPTION,
  HOSTILE_DESCRIPTION_SANITISED,
  HOSTILE_MARKUP,
} from '../../test-support/hostile-markup.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'

describe('collections', () => {
  let s: BrowseScenario
  let root: string
  let kids: string
  let reader: string
  let outsider: string
  let socket: TestSocket
  const ids = (c: Collection) => c.books.map((b) => b.id)
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = root, body?: unknown) =>
    s.t.call(method, url, token, body)

  beforeAll(async () => {
    s = await createBrowseScenario()
    root = s.root.accessToken
    const login = async (username: string, body: Record<string, unknown>) => {
      await s.t.createUser(root, { username, password: 'pw', ...body })
      return (await s.t.login(username, 'pw')).accessToken
    }
    // May edit, but sees only books tagged "kids" (Earthsea).
    kids = await login('kids', {
      permissions: { accessAllTags: false, update: true, delete: false },
      itemTagsSelected: ['kids'],
    })
    reader = await login('reader', { permissions: { update: false, delete: false } })
    outsider = await login('outsider', {
      permissions: { accessAllLibraries: false, update: true },
      librariesAccessible: [],
    })
    socket = await connectSocket(await s.t.listen())
    await socket.auth(reader)
  })
  afterAll(async () => {
    socket?.close()
    await s.t.close()
  })

  it('keeps descriptions in the sanitiser allowlist on create and edit, like item descriptions', async () => {
    const created = await call('POST', '/api/collections', root, {
      libraryId: s.books,
      name: 'Hostile',
      description: HOSTILE_DESCRIPTION,
      books: [s.id.dune],
    })
    expect(created.json<Collection>().description).toBe(HOSTILE_DESCRIPTION_SANITISED)
    const id = created.json<Collection>().id
    const patched = await call('PATCH', `/api/collections/${id}`, root, {
      description: `${HOSTILE_DESCRIPTION}!`,
    })
    expect(patched.json<Collection>().description).toBe(`${HOSTILE_DESCRIPTION_SANITISED}!`)
    expect((await call('GET', `/api/collections/${id}`)).body).not.toMatch(HOSTILE_MARKUP)
    await call('DELETE', `/api/collections/${id}`)
  })

  it('creates, lists (paged), renames, reorders and deletes a collection, telling readers live', async () => {
    const res = await call('POST', '/api/collections', root, {
      libraryId: s.books,
      name: 'Favourites',
      description: 'Best',
      books: [s.id.dune, s.id.hobbit],
    })
    expect(res.statusCode).toBe(200)
    const created = res.json<Collection>()
    expect(ids(created)).toEqual([s.id.dune, s.id.hobbit])
    expect(created.books[0]).toHaveProperty('media.tracks') // a new collection answers expanded books, as Audiobookshelf
    const added0 = await socket.waitFor<Collection>('collection_added', (c) => c.id === created.id)
    expect(added0.books[0]).toHaveProperty('media.tracks')
    const read = (await call('GET', `/api/collections/${created.id}`)).json<Collection>()
    expect(read.books[0]).toHaveProperty('media.audioFiles') // a plain GET answers expanded ones, as Audiobookshelf

    await call('POST', '/api/collections', root, { libraryId: s.books, name: 'Another', books: [] })
    const page = (
      await call('GET', `/api/libraries/${s.books}/collections?limit=1&page=1&minified=1`)
    ).json<CollectionsListResponse>()
    expect(page.total).toBe(2)
    expect(page.results.map((c) => c.name)).toEqual(['Favourites'])
    expect(page.results[0]?.books[0]).not.toHaveProperty('media.audioFiles')

    const patched = await call('PATCH', `/api/collections/${created.id}`, root, {
      name: 'Top',
      description: '',
      books: [s.id.hobbit, s.id.dune],
    })
    expect(patched.json<Collection>()).toMatchObject({ name: 'Top', description: null })
    expect(ids(patched.json<Collection>())).toEqual([s.id.hobbit, s.id.dune])
    await socket.waitFor<Collection>('collection_updated', (c) => c.name === 'Top')

    const added = await call('POST', `/api/collections/${created.id}/batch/add`, root, {
      books: [s.id.fellowship, s.id.hobbit],
    })
    expect(ids(added.json<Collection>())).toEqual([s.id.hobbit, s.id.dune, s.id.fellowship])
    // A big list's first screen: the first books and the count of all.
    const head = (await call('GET', `/api/collections/${created.id}?minified=1&limit=2`)).json<Collection>()
    expect([ids(head), head.numBooks]).toEqual([[s.id.hobbit, s.id.dune], 3])
    const removed = await call('DELETE', `/api/collections/${created.id}/book/${s.id.dune}`)
    expect(ids(removed.json<Collection>())).toEqual([s.id.hobbit, s.id.fellowship])

    expect((await call('DELETE', `/api/collections/${created.id}`)).statusCode).toBe(200)
    await socket.waitFor<Collection>('collection_removed', (c) => c.id === created.id)
    expect((await call('GET', `/api/collections/${created.id}`)).statusCode).toBe(404)
  })

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{ libraryId: s.books, name: '   ', books: [s.id.hobbit] }, /Name is required/],
      [{ libraryId: s.books, name: 'X', books: ['no-such-item'] }, /not books of this library/],
      [{ libraryId: s.books, name: 'X', books: [s.id.show] }, /not books of this library/],
      [{ libraryId: s.podcasts, name: 'X', books: [] }, /books only/],
      [{ libraryId: 'nope', name: 'X' }, /Library not found/],
    ]
    const before = (await call('GET', '/api/collections')).json<{ collections: Collection[] }>().collections
      .length
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/collections', root, body)
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(message)])
    }
    expect(
      (await call('GET', '/api/collections')).json<{ collections: Collection[] }>().collections.length,
    ).toBe(before)
  })

  it('enforces update and delete permissions on the server', async () => {
    const { id } = (
      await call('POST', '/api/collections', root, {
        libraryId: s.books,
        name: 'Guarded',
        books: [s.id.hobbit],
      })
    ).json<Collection>()
    expect(
      (await call('POST', '/api/collections', reader, { libraryId: s.books, name: 'Mine' })).statusCode,
    ).toBe(403)
    expect((await call('PATCH', `/api/collections/${id}`, reader, { name: 'Hacked' })).statusCode).toBe(403)
    expect((await call('POST', `/api/collections/${id}/book`, reader, { id: s.id.dune })).statusCode).toBe(
      403,
    )
    expect((await call('DELETE', `/api/collections/${id}`, kids)).statusCode).toBe(403)
    expect((await call('GET', `/api/collections/${id}`, reader)).statusCode).toBe(200)
    // No access to the library: as if it did not exist.
    expect((await call('GET', `/api/collections/${id}`, outsider)).statusCode).toBe(404)
    expect((await call('PATCH', `/api/collections/${id}`, outsider, { name: 'x' })).statusCode).toBe(404)
  })

  it('shows each reader only the books they may see, and their edits keep the hidden ones', async () => {
    const { id } = (
      await call('POST', '/api/collections', root, {
        libraryId: s.books,
        name: 'Mixed',
        books: [s.id.hobbit, s.id.earthsea, s.id.dune],
      })
    ).json<Collection>()
    const seen = (await call('GET', `/api/collections/${id}`, kids)).json<Collection>()
    expect(ids(seen)).toEqual([s.id.earthsea])
    expect(
      (await call('PATCH', `/api/collections/${id}`, kids, { books: [s.id.earthsea], name: 'Mixed bag' }))
        .statusCode,
    ).toBe(200)
    expect(ids((await call('GET', `/api/collections/${id}`)).json<Collection>())).toEqual([
      s.id.hobbit,
      s.id.earthsea,
      s.id.dune,
    ])
    // A hidden book cannot be added or named by the reader who cannot see it.
    expect(
      (await call('POST', `/api/collections/${id}/book`, kids, { id: s.id.fellowship })).statusCode,
    ).toBe(400)
    // Batches are authorised id by id before any write: a hidden id refuses the whole add, and is never removed.
    expect(
      (
        await call('POST', `/api/collections/${id}/batch/add`, kids, {
          books: [s.id.earthsea, s.id.fellowship],
        })
      ).statusCode,
    ).toBe(400)
    expect((await call('DELETE', `/api/collections/${id}/book/${s.id.hobbit}`, kids)).statusCode).toBe(200)
    expect(
      (
        await call('POST', `/api/collections/${id}/batch/remove`, kids, {
          books: [s.id.hobbit, s.id.dune, s.id.earthsea],
        })
      ).statusCode,
    ).toBe(200)
    expect(ids((await call('GET', `/api/collections/${id}`)).json<Collection>())).toEqual([
      s.id.hobbit,
      s.id.dune,
    ])
    expect(
      (await call('POST', `/api/collections/${id}/batch/remove`, outsider, { books: [s.id.hobbit] }))
        .statusCode,
    ).toBe(404)
    expect(ids((await call('GET', `/api/collections/${id}`)).json<Collection>())).toEqual([
      s.id.hobbit,
      s.id.dune,
    ])
  })

  it('loses a book when the book is deleted', async () => {
    const doomed = await s.fx.item(s.books, { title: 'Doomed' })
    const { id } = (
      await call('POST', '/api/collections', root, {
        libraryId: s.books,
        name: 'Short lived',
        books: [doomed, s.id.hobbit],
      })
    ).json<Collection>()
    await s.t.ctx.database.db.deleteFrom('library_items').where('id', '=', doomed).execute()
    expect(ids((await call('GET', `/api/collections/${id}`)).json<Collection>())).toEqual([s.id.hobbit])
  })
})
