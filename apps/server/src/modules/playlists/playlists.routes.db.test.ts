import type { Collection, Playlist, PlaylistsListResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'
import {
  HOSTILE_DESCRIPTION,
  HOSTILE_DESCRIPTION_SANITISED,
  HOSTILE_MARKUP,
} from '../../test-support/hostile-markup.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'

describe('playlists', () => {
  let s: BrowseScenario
  let root: string
  let owner: string
  let other: string
  let firstEpisode: string
  let pilot: string
  let socket: TestSocket
  const entries = (p: Playlist) => p.items.map((i) => [i.libraryItemId, i.episodeId ?? null])
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
    s.t.call(method, url, token, body)

  beforeAll(async () => {
    s = await createBrowseScenario()
    root = s.root.accessToken
    for (const username of ['owner', 'other'])
      await s.t.createUser(root, { username, password: 'pw', permissions: { update: false } })
    owner = (await s.t.login('owner', 'pw')).accessToken
    other = (await s.t.login('other', 'pw')).accessToken
    const episodeOf = async (itemId: string) => (await s.fx.episodeIds(itemId))[0] ?? 'missing'
    firstEpisode = await episodeOf(s.id.show)
    pilot = await episodeOf(s.id.talk)
    socket = await connectSocket(await s.t.listen())
    await socket.auth(owner)
  })
  afterAll(async () => {
    socket?.close()
    await s.t.close()
  })

  it('holds books of a book library and episodes of a podcast library, owner only', async () => {
    const books = await call('POST', '/api/playlists', owner, {
      libraryId: s.books,
      name: 'Road trip',
      items: [{ libraryItemId: s.id.dune }, { libraryItemId: s.id.hobbit }],
    })
    expect(books.statusCode).toBe(200)
    const playlist = books.json<Playlist>()
    expect(entries(playlist)).toEqual([
      [s.id.dune, null],
      [s.id.hobbit, null],
    ])
    await socket.waitFor<Playlist>('playlist_added', (p) => p.id === playlist.id)

    const pods = await call('POST', '/api/playlists', owner, {
      libraryId: s.podcasts,
      name: 'Commute',
      items: [{ libraryItemId: s.id.show, episodeId: firstEpisode }],
    })
    const podcastList = pods.json<Playlist>()
    expect(podcastList.items[0]?.episode?.id).toBe(firstEpisode)

    const added = await call('POST', `/api/playlists/${podcastList.id}/item`, owner, {
      libraryItemId: s.id.talk,
      episodeId: pilot,
    })
    expect(entries(added.json<Playlist>())).toEqual([
      [s.id.show, firstEpisode],
      [s.id.talk, pilot],
    ])
    const head = (
      await call('GET', `/api/playlists/${podcastList.id}?minified=1&limit=1`, owner)
    ).json<Playlist>()
    expect([entries(head), head.numItems]).toEqual([[[s.id.show, firstEpisode]], 2])

    const mine = (
      await call('GET', `/api/libraries/${s.books}/playlists`, owner)
    ).json<PlaylistsListResponse>()
    expect(mine.results.map((p) => p.name)).toEqual(['Road trip'])
    expect(
      (await call('GET', `/api/libraries/${s.books}/playlists`, other)).json<PlaylistsListResponse>().results,
    ).toEqual([])
    expect((await call('GET', `/api/playlists/${playlist.id}`, other)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/playlists/${playlist.id}`, other)).statusCode).toBe(404)
    expect(
      (await call('GET', '/api/playlists', owner)).json<{ playlists: Playlist[] }>().playlists,
    ).toHaveLength(2)

    const lib = (await call('GET', `/api/libraries/${s.books}?include=filterdata`, owner)).json<{
      numUserPlaylists: number
    }>()
    expect(lib.numUserPlaylists).toBe(1)
  })

  it('keeps descriptions in the sanitiser allowlist on create and edit, like item descriptions', async () => {
    const created = await call('POST', '/api/playlists', owner, {
      libraryId: s.books,
      name: 'Hostile',
      description: HOSTILE_DESCRIPTION,
      items: [{ libraryItemId: s.id.dune }],
    })
    expect(created.json<Playlist>().description).toBe(HOSTILE_DESCRIPTION_SANITISED)
    const id = created.json<Playlist>().id
    const patched = await call('PATCH', `/api/playlists/${id}`, owner, {
      description: `${HOSTILE_DESCRIPTION}!`,
    })
    expect(patched.json<Playlist>().description).toBe(`${HOSTILE_DESCRIPTION_SANITISED}!`)
    expect((await call('GET', `/api/playlists/${id}`, owner)).body).not.toMatch(HOSTILE_MARKUP)
    await call('DELETE', `/api/playlists/${id}`, owner)
  })

  it('reorders, renames, and deletes a playlist that loses its last entry', async () => {
    const { id } = (
      await call('POST', '/api/playlists', owner, {
        libraryId: s.books,
        name: 'Order',
        items: [{ libraryItemId: s.id.dune }, { libraryItemId: s.id.emile }],
      })
    ).json<Playlist>()
    const patched = await call('PATCH', `/api/playlists/${id}`, owner, {
      name: 'Reordered',
      items: [{ libraryItemId: s.id.emile }, { libraryItemId: s.id.dune }],
    })
    expect(patched.json<Playlist>().name).toBe('Reordered')
    expect(entries(patched.json<Playlist>())).toEqual([
      [s.id.emile, null],
      [s.id.dune, null],
    ])
    await call('DELETE', `/api/playlists/${id}/item/${s.id.emile}`, owner)
    const last = await call('POST', `/api/playlists/${id}/batch/remove`, owner, {
      items: [{ libraryItemId: s.id.dune }],
    })
    expect(last.statusCode).toBe(200)
    await socket.waitFor<Playlist>('playlist_removed', (p) => p.id === id)
    expect((await call('GET', `/api/playlists/${id}`, owner)).statusCode).toBe(404)
  })

  it('removes only entries the user may still see: an item hidden from them now stays, by single or batch remove', async () => {
    const lister = await s.t.createUser(root, {
      username: 'lister',
      password: 'pw',
      permissions: { update: false },
    })
    const token = (await s.t.login('lister', 'pw')).accessToken
    const { id } = (
      await call('POST', '/api/playlists', token, {
        libraryId: s.books,
        name: 'Mixed',
        items: [{ libraryItemId: s.id.dune }, { libraryItemId: s.id.hobbit }],
      })
    ).json<Playlist>()
    const explicit = (allowed: boolean) =>
      call('PATCH', `/api/users/${lister.id}`, root, { permissions: { accessExplicitContent: allowed } })
    expect((await explicit(false)).statusCode).toBe(200) // Dune is explicit
    const single = await call('DELETE', `/api/playlists/${id}/item/${s.id.dune}`, token)
    expect(single.statusCode).toBe(200)
    const batch = await call('POST', `/api/playlists/${id}/batch/remove`, token, {
      items: [{ libraryItemId: s.id.dune }, { libraryItemId: s.id.hobbit }],
    })
    expect(batch.statusCode).toBe(200)
    expect((await call('GET', `/api/playlists/${id}`, token)).statusCode).toBe(200) // not deleted: Dune is still in it
    expect((await explicit(true)).statusCode).toBe(200)
    expect(entries((await call('GET', `/api/playlists/${id}`, token)).json<Playlist>())).toEqual([
      [s.id.dune, null],
    ])
  })

  it('refuses entries that do not fit the library with a 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ libraryId: s.books, name: '' }, /Name is required/],
      [
        { libraryId: s.books, name: 'x', items: [{ libraryItemId: s.id.show, episodeId: firstEpisode }] },
        /not in this library/,
      ],
      [{ libraryId: s.podcasts, name: 'x', items: [{ libraryItemId: s.id.show }] }, /need an episode/],
      [
        { libraryId: s.podcasts, name: 'x', items: [{ libraryItemId: s.id.show, episodeId: pilot }] },
        /need an episode of that podcast/,
      ],
      [
        { libraryId: s.books, name: 'x', items: [{ libraryItemId: s.id.dune, episodeId: pilot }] },
        /no episodes/,
      ],
    ]
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/playlists', owner, body)
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(message)])
    }
  })

  it('is made from a collection', async () => {
    const collection = (
      await call('POST', '/api/collections', root, {
        libraryId: s.books,
        name: 'Classics',
        books: [s.id.hobbit, s.id.fellowship],
      })
    ).json<Collection>()
    const res = await call('POST', `/api/playlists/collection/${collection.id}`, owner)
    expect(res.statusCode).toBe(200)
    expect(res.json<Playlist>()).toMatchObject({ name: 'Classics', libraryId: s.books })
    expect(entries(res.json<Playlist>())).toEqual([
      [s.id.hobbit, null],
      [s.id.fellowship, null],
    ])
  })
})
