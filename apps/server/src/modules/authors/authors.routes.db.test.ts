import fs from 'node:fs'
import path from 'node:path'
import type { AuthorDetail, AuthorWithCount, NarratorsResponse } from '@shelfcast/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('authors and narrators', () => {
  let s: BrowseScenario
  let tolkien: string
  beforeAll(async () => {
    s = await createBrowseScenario()
    tolkien = await s.fx.authorIdByName(s.books, 'J. R. R. Tolkien')
  })
  afterAll(() => s.t.close())

  it('lists authors with their book counts, all or paged, sorted', async () => {
    const all = await s.get<{ authors: AuthorWithCount[] }>(`/api/libraries/${s.books}/authors`)
    expect(all.body.authors.map((a) => [a.name, a.numBooks])).toEqual([
      ['Frank Herbert', 1],
      ['J. R. R. Tolkien', 2],
      ['Jean-Jacques Rousseau', 1],
      ['Ursula K. Le Guin', 1],
    ])
    const byLast = await s.get<{ authors: AuthorWithCount[] }>(
      `/api/libraries/${s.books}/authors?sort=lastFirst`,
    )
    expect(byLast.body.authors.map((a) => a.lastFirst)).toEqual([
      'Herbert, Frank',
      'Le Guin, Ursula K.',
      'Rousseau, Jean-Jacques',
      'Tolkien, J. R. R.',
    ])
    const paged = await s.get<{ results: AuthorWithCount[]; total: number }>(
      `/api/libraries/${s.books}/authors?limit=1&page=0&sort=numBooks&desc=1`,
    )
    expect(paged.body.total).toBe(4)
    expect(paged.body.results.map((a) => a.name)).toEqual(['J. R. R. Tolkien'])
    expect((await s.get(`/api/libraries/${s.books}/authors?sort=password`)).status).toBe(400)
  })

  it('GET /api/authors/:id with items and series', async () => {
    const res = await s.get<AuthorDetail>(`/api/authors/${tolkien}?include=items,series`)
    expect(res.status).toBe(200)
    // Like Audiobookshelf: no count or lastFirst here (with items, a client counts them).
    expect(res.body).not.toHaveProperty('numBooks')
    expect(res.body).not.toHaveProperty('lastFirst')
    expect(res.body.libraryItems?.map((i) => i.media.metadata.title)).toEqual([
      'Fellowship of the Ring',
      'The Hobbit',
    ])
    expect(res.body.series?.map((x) => [x.name, x.items.map((i) => i.sequence)])).toEqual([
      ['Middle Earth', ['1', '2']],
    ])
    expect((await s.get<AuthorDetail>(`/api/authors/${tolkien}`)).body.libraryItems).toBeUndefined()
    expect((await s.get(`/api/authors/${tolkien}?library=${s.podcasts}`)).status).toBe(404)
    expect((await s.get('/api/authors/nope')).status).toBe(404)
  })

  it('hides authors of inaccessible libraries and, for restricted users, without visible books', async () => {
    await s.t.createUser(s.root.accessToken, {
      username: 'none',
      password: 'pw',
      permissions: { accessAllLibraries: false },
    })
    const none = (await s.t.login('none', 'pw')).accessToken
    await s.t.createUser(s.root.accessToken, {
      username: 'kids',
      password: 'pw',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['kids'],
    })
    const kids = (await s.t.login('kids', 'pw')).accessToken
    expect((await s.get(`/api/authors/${tolkien}`, none)).status).toBe(404)
    expect((await s.get(`/api/libraries/${s.books}/authors`, none)).status).toBe(404)
    expect((await s.get(`/api/authors/${tolkien}`, kids)).status).toBe(404)
    expect(
      (
        await s.get<{ authors: AuthorWithCount[] }>(`/api/libraries/${s.books}/authors`, kids)
      ).body.authors.map((a) => a.name),
    ).toEqual(['Ursula K. Le Guin'])
    expect(
      (await s.get<NarratorsResponse>(`/api/libraries/${s.books}/narrators`, kids)).body.narrators,
    ).toEqual([])
  })

  it('lists narrators with a base64 id and their book counts', async () => {
    const res = await s.get<NarratorsResponse>(`/api/libraries/${s.books}/narrators`)
    expect(res.body.narrators).toEqual([
      { id: Buffer.from('Rob Inglis').toString('base64'), name: 'Rob Inglis', numBooks: 2 },
      { id: Buffer.from('Scott Brick').toString('base64'), name: 'Scott Brick', numBooks: 1 },
      { id: Buffer.from('Simon Vance').toString('base64'), name: 'Simon Vance', numBooks: 1 },
      { id: Buffer.from('Émile Narrator').toString('base64'), name: 'Émile Narrator', numBooks: 1 },
    ])
  })

  it('serves an author image from the metadata folder only (public, resized)', async () => {
    const dir = path.join(s.t.config.metadataPath, 'authors')
    fs.mkdirSync(dir, { recursive: true })
    const img = path.join(dir, `${tolkien}.jpg`)
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toFile(img)
    await s.t.ctx.database.db
      .updateTable('authors')
      .set({ image_path: img })
      .where('id', '=', tolkien)
      .execute()
    const res = await s.t.inject({
      method: 'GET',
      url: `/api/authors/${tolkien}/image?width=100&format=png&ts=1`,
    })
    expect(res.statusCode).toBe(200)
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 120 })
    expect(res.headers['cache-control']).toBe('private, max-age=86400')
    // Resized or raw, the image answers validators and 304 when the browser has it already.
    for (const q of ['?width=100&format=png&ts=1', '?raw=1', '']) {
      const url = `/api/authors/${tolkien}/image${q}`
      const etag = String((await s.t.inject({ method: 'GET', url })).headers.etag ?? '')
      expect(etag, q).toMatch(/^W\/"/)
      const again = await s.t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
      expect([q, again.statusCode]).toEqual([q, 304])
    }
    // A path outside METADATA_PATH/authors is never served.
    const outside = path.join(s.t.dir, 'media', 'books', 'face.jpg')
    fs.copyFileSync(img, outside)
    await s.t.ctx.database.db
      .updateTable('authors')
      .set({ image_path: outside })
      .where('id', '=', tolkien)
      .execute()
    expect((await s.t.inject({ method: 'GET', url: `/api/authors/${tolkien}/image` })).statusCode).toBe(404)
    await s.t.ctx.database.db
      .updateTable('authors')
      .set({ image_path: path.join(dir, '..', '..', 'media', 'books', 'face.jpg') })
      .where('id', '=', tolkien)
      .execute()
    expect((await s.t.inject({ method: 'GET', url: `/api/authors/${tolkien}/image?raw=1` })).statusCode).toBe(
      404,
    )
    expect((await s.t.inject({ method: 'GET', url: `/api/authors/nope/image` })).statusCode).toBe(404)
  })
})
