import path from 'node:path'
import type { LoginResponse, OpenPlaybackSession } from '@shelfcast/contracts'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

/** How Audiobookshelf's clients post a body they have nothing to put in. */
const EMPTY_BODIES: { name: string; headers: Record<string, string> }[] = [
  {
    name: 'form-encoded, no body (its web client on reload and on closing the player)',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  { name: 'JSON, empty body', headers: { 'content-type': 'application/json' } },
  { name: 'JSON with a charset, blank body', headers: { 'content-type': 'application/json; charset=utf-8' } },
  { name: 'text/plain, empty body', headers: { 'content-type': 'text/plain' } },
  { name: 'no content type', headers: {} },
]

describe('request bodies as Audiobookshelf clients send them', () => {
  let t: TestApp
  let root: LoggedIn
  let itemId: string
  const dir = tempDir('shelfcast-bodies-')

  beforeAll(async () => {
    await makeAudio({
      path: path.join(dir, 'books', 'A Writer', 'Short', 'book.mp3'),
      durationSec: 4,
      tags: { album: 'Short', artist: 'A Writer' },
    })
    ;({ t, root } = await createInitialisedApp())
    const lib = await createLibrary(t, root.accessToken, {
      name: 'Books',
      folders: [{ fullPath: path.join(dir, 'books') }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, lib.id)
    itemId = [...(await itemsOf(t, lib.id)).values()][0]?.id ?? ''
  }, 60_000)
  afterAll(() => t.close())

  const post = (url: string, headers: Record<string, string>, payload = '', token = root.accessToken) =>
    t.inject({
      method: 'POST',
      url,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    } as InjectOptions)

  it.each(EMPTY_BODIES)(
    'POST /api/authorize, $name: 200 with the user, libraries and server settings',
    async ({ headers }) => {
      const res = await post('/api/authorize', headers)
      expect(res.statusCode).toBe(200)
      const body = res.json<LoginResponse>()
      expect(body.user.username).toBe('root')
      expect(body.serverSettings).toMatchObject({ id: 'server-settings' })
      expect(body.userDefaultLibraryId).toEqual(expect.any(String))
    },
  )

  it.each(EMPTY_BODIES)(
    'POST /api/session/:id/close, $name: 200 and the session is closed',
    async ({ headers }) => {
      const play = await t.call('POST', `/api/items/${itemId}/play`, root.accessToken, {
        deviceInfo: { deviceId: 'web' },
        supportedMimeTypes: ['audio/mpeg'],
      })
      const session = play.json<OpenPlaybackSession>()
      const res = await post(`/api/session/${session.id}/close`, headers)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('OK')
      expect((await t.call('GET', `/api/session/${session.id}`, root.accessToken)).statusCode).toBe(404)
    },
  )

  it('logs in with a form-encoded body', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-return-tokens': 'true' },
      payload: 'username=root&password=root-password',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<LoginResponse>().user.username).toBe('root')
  })

  it('still refuses a body that is not what the route needs, with what is missing, and broken JSON', async () => {
    const library = await post('/api/libraries', { 'content-type': 'text/plain' }, '{"name":"X"}')
    expect(library.statusCode).toBe(400)
    const broken = await post('/api/libraries', { 'content-type': 'application/json' }, '{"name":')
    expect(broken.statusCode).toBe(400)
    expect(broken.body).toBe('Invalid JSON body')
    const poisoned = await post(
      '/api/libraries',
      { 'content-type': 'application/json' },
      '{"__proto__":{"x":1},"name":"X"}',
    )
    expect(poisoned.statusCode).toBe(400)
  })
})
