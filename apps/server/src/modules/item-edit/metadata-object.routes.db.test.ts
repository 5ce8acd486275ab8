import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import {
  createLibrary,
  createScannedPodcastLibrary,
  itemsOf,
  makePodcastLibrary,
  settle,
} from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

describe('GET /api/items/:id/metadata-object', () => {
  let t: TestApp
  let token: string
  let books: Library
  let pods: Library

  beforeAll(async () => {
    const dir = tempDir('shelfcast-metadata-object-')
    await makeAudio({
      path: path.join(dir, 'books', 'Ann Author', 'A Book', 'a.mp3'),
      durationSec: 1,
      tags: { album: 'A Book', artist: 'Ann Author', composer: 'Ned Narrator', genre: 'Mystery' },
    })
    await makePodcastLibrary(path.join(dir, 'pods'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    books = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: path.join(dir, 'books') }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, books.id)
    pods = await createScannedPodcastLibrary(t, token, path.join(dir, 'pods'))
  })
  afterAll(async () => {
    await t?.close()
  })

  it("answers a book's metadata.json fields", async () => {
    const [book] = [...(await itemsOf(t, books.id)).values()]
    const res = await t.call('GET', `/api/items/${book?.id}/metadata-object`, token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      title: 'A Book',
      authors: ['Ann Author'],
      narrators: ['Ned Narrator'],
      genres: ['Mystery'],
    })
  })

  it("answers a podcast's, 404 for an unknown item and 403 for a non-admin", async () => {
    const [podcast] = [...(await itemsOf(t, pods.id)).values()]
    const res = await t.call('GET', `/api/items/${podcast?.id}/metadata-object`, token)
    expect(res.statusCode).toBe(200)
    expect(res.json<{ title: string }>().title).toBe((podcast?.media.metadata as { title: string }).title)

    expect((await t.call('GET', '/api/items/nope/metadata-object', token)).statusCode).toBe(404)
    await t.createUser(token, { username: 'listener', password: 'listener-pass', type: 'user' })
    const user = await t.login('listener', 'listener-pass')
    const refused = await t.call('GET', `/api/items/${podcast?.id}/metadata-object`, user.accessToken)
    expect(refused.statusCode).toBe(403)
  })
})
