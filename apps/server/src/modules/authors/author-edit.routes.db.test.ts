import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCoverImage } from '../../../../../scripts/media/index.ts'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import { startLocalHttpServer, type LocalHttpServer } from '../../test-support/local-http-server.ts'
import { connectSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { bookMedia } from '../../test-support/media-of.ts'

interface AuthorJson {
  id: string
  name: string
  asin: string | null
  description: string | null
  imagePath: string | null
}

describe('editing authors', () => {
  let t: TestApp
  let token: string
  let library: Library
  let host: LocalHttpServer
  let png: Buffer
  const authorsByName = async () =>
    new Map(
      (await t.call('GET', `/api/libraries/${library.id}/authors`, token))
        .json<{ authors: AuthorJson[] }>()
        .authors.map((a) => [a.name, a]),
    )
  const authorId = async (name: string) => {
    const a = (await authorsByName()).get(name)
    if (!a) throw new Error(`no author ${name}`)
    return a.id
  }
  const authorsOf = async (rel: string) =>
    bookMedia((await itemsOf(t, library.id)).get(rel)).metadata.authors.map((a) => a.name)

  beforeAll(async () => {
    const dir = tempDir('shelfcast-authors-')
    const root = path.join(dir, 'books')
    await makeBookLibrary(root, path.join(dir, 'work'))
    png = fs.readFileSync(
      await makeCoverImage({ path: path.join(dir, 'face.png'), width: 30, height: 30, colour: '#224466' }),
    )
    host = await startLocalHttpServer((req, res) => {
      if (req.url === '/face.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      else res.writeHead(404).end()
    })
    const app = await createInitialisedApp({ env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' } })
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
    await host?.close()
    await t?.close()
  })

  it('renames an author: its books follow, search finds the new name, and a forced rescan keeps it', async () => {
    const id = await authorId('Terry Pratchett')
    const res = await t.call('PATCH', `/api/authors/${id}`, token, {
      name: 'Sir Terry Pratchett',
      asin: 'B000APZGGS',
      description: 'Wrote Discworld.',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ author: AuthorJson; merged: boolean }>()).toMatchObject({
      merged: false,
      author: { id, name: 'Sir Terry Pratchett', asin: 'B000APZGGS' },
    })
    expect(await authorsOf(BOOKS.mort)).toEqual(['Sir Terry Pratchett'])
    const search = await t.call('GET', `/api/libraries/${library.id}/search?q=sir`, token)
    expect(search.json<{ book: { libraryItem: LibraryItem }[] }>().book.length).toBe(1)

    await settle(t, library.id, true)
    expect(await authorsOf(BOOKS.mort)).toEqual(['Sir Terry Pratchett'])
    expect((await authorsByName()).has('Terry Pratchett')).toBe(false)
  })

  it('merges into the author that already has the new name', async () => {
    const leGuin = await authorId('Ursula K. Le Guin')
    const target = await authorId('Sir Terry Pratchett')
    const socket = await connectSocket(await t.listen())
    await socket.auth(token)
    const res = await t.call('PATCH', `/api/authors/${leGuin}`, token, { name: 'sir terry pratchett' })
    expect(res.json<{ author: AuthorJson; merged: boolean }>()).toMatchObject({
      merged: true,
      author: { id: target },
    })
    // Audiobookshelf's events of a merge: the renamed author is removed, the survivor updated with its new count.
    expect(await socket.waitFor('author_removed')).toMatchObject({
      id: leGuin,
      name: 'Ursula K. Le Guin',
      libraryId: library.id,
    })
    const updated = await socket.waitFor<AuthorJson & { numBooks: number }>('author_updated')
    expect(updated).toMatchObject({ id: target, name: 'Sir Terry Pratchett', libraryId: library.id })
    expect(updated.numBooks).toBeGreaterThanOrEqual(2)
    expect(updated).not.toHaveProperty('lastFirst')
    socket.close()
    expect(await authorsOf(BOOKS.earthsea)).toEqual(['Sir Terry Pratchett'])
    expect((await t.call('GET', `/api/authors/${leGuin}`, token)).statusCode).toBe(404)
  })

  it('sets an image from a URL and removes it', async () => {
    const id = await authorId('Solo Writer')
    const set = await t.call('POST', `/api/authors/${id}/image`, token, {
      url: `${host.origin('localhost')}/face.png`,
    })
    expect(set.statusCode).toBe(200)
    expect(
      (await t.inject({ method: 'GET', url: `/api/authors/${id}/image?raw=1` })).rawPayload.equals(png),
    ).toBe(true)
    for (const url of [
      'ftp://x/y.png',
      `${host.origin('127.0.0.1')}/face.png`,
      `${host.origin('localhost')}/missing.png`,
    ]) {
      expect((await t.call('POST', `/api/authors/${id}/image`, token, { url })).statusCode).toBe(400)
    }
    expect((await t.call('DELETE', `/api/authors/${id}/image`, token)).statusCode).toBe(200)
    expect((await t.inject({ method: 'GET', url: `/api/authors/${id}/image` })).statusCode).toBe(404)
  })

  it('removes an author from its books', async () => {
    const id = await authorId('Solo Writer')
    expect((await t.call('DELETE', `/api/authors/${id}`, token)).statusCode).toBe(200)
    expect(await authorsOf(BOOKS.loose)).toEqual([])
    expect((await t.call('GET', `/api/authors/${id}`, token)).statusCode).toBe(404)
  })

  it('refuses an empty name and callers without the permission', async () => {
    const id = await authorId('Json Author')
    expect((await t.call('PATCH', `/api/authors/${id}`, token, { name: '  ' })).statusCode).toBe(400)
    await t.createUser(token, {
      username: 'reader',
      password: 'pw',
      permissions: { update: false, delete: false, upload: false },
    })
    const reader = (await t.login('reader', 'pw')).accessToken
    expect((await t.call('PATCH', `/api/authors/${id}`, reader, { name: 'X' })).statusCode).toBe(403)
    expect((await t.call('DELETE', `/api/authors/${id}`, reader)).statusCode).toBe(403)
    expect(
      (await t.call('POST', `/api/authors/${id}/image`, reader, { url: 'https://example.com/a.png' }))
        .statusCode,
    ).toBe(403)
    expect((await t.call('DELETE', `/api/authors/${id}/image`, reader)).statusCode).toBe(403)
  })
})
