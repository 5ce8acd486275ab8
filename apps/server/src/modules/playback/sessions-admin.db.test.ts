import path from 'node:path'
import type { AllSessionsPage, OpenPlaybackSession, SessionWithUser } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

/** The admin's Listening sessions and Open sessions pages: list, filter, page, sort, delete, close. */
describe('listening sessions for admins', () => {
  let t: TestApp
  let admin: string
  let reader: string
  let readerId: string
  let itemId: string
  let adminSocket: TestSocket
  const dir = tempDir('shelfcast-sessions-')

  const play = (as: string, deviceId: string) =>
    t.call('POST', `/api/items/${itemId}/play`, as, {
      deviceInfo: { deviceId, clientName: 'Abs Web' },
      supportedMimeTypes: ['audio/mpeg'],
    })
  const openIds = async () =>
    (await t.call('GET', '/api/sessions/open', admin))
      .json<{ sessions: SessionWithUser[] }>()
      .sessions.map((s) => s.id)
  const page = async (query: string) =>
    (await t.call('GET', `/api/sessions?${query}`, admin)).json<AllSessionsPage>()

  beforeAll(async () => {
    const root = path.join(dir, 'lib')
    await makeAudio({
      path: path.join(root, 'A Writer/Short/book.mp3'),
      durationSec: 4,
      tags: { album: 'Short', artist: 'A Writer' },
    })
    const app = await createInitialisedApp()
    t = app.t
    admin = app.root.accessToken
    const lib = await createLibrary(t, admin, {
      name: 'L',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, lib.id)
    itemId = [...(await itemsOf(t, lib.id)).values()][0]!.id
    readerId = (await t.createUser(admin, { username: 'reader', password: 'reader-password', type: 'user' }))
      .id
    reader = (await t.login('reader', 'reader-password')).accessToken
    adminSocket = await connectSocket(await t.listen())
    await adminSocket.auth(admin)
  }, 120_000)
  afterAll(async () => {
    adminSocket?.close()
    await t?.close()
  })

  it("lets an admin close another user's open session; the owner hears and admins see it go", async () => {
    const opened = adminSocket.waitFor<{ id: string; session: { id: string } | null }>(
      'user_stream_update',
      (p) => p.id === readerId && p.session !== null,
    )
    const s = (await play(reader, 'reader-phone')).json<OpenPlaybackSession>()
    expect((await opened).session?.id).toBe(s.id)
    const online = (await t.call('GET', '/api/users/online', admin)).json<{
      openSessions: SessionWithUser[]
    }>()
    expect(online.openSessions.find((o) => o.id === s.id)?.user).toEqual({ id: readerId, username: 'reader' })

    // Another plain user may not close it; it stays open.
    await t.createUser(admin, { username: 'other', password: 'other-password', type: 'user' })
    const other = (await t.login('other', 'other-password')).accessToken
    expect((await t.call('POST', `/api/session/${s.id}/close`, other)).statusCode).toBe(404)
    expect(await openIds()).toContain(s.id)

    const closed = adminSocket.waitFor<{ id: string; session: unknown }>(
      'user_stream_update',
      (p) => p.id === readerId && p.session === null,
    )
    // The admin's body is ignored: the reader's position is not the admin's to move.
    const res = await t.call('POST', `/api/session/${s.id}/close`, admin, { currentTime: 3, timeListened: 3 })
    expect(res.statusCode).toBe(200)
    await closed
    expect(await openIds()).not.toContain(s.id)
    expect(
      (await t.call('POST', `/api/session/${s.id}/sync`, reader, { currentTime: 1, timeListened: 1 }))
        .statusCode,
    ).toBe(404)
    const stored = (await page(`user=${readerId}`)).sessions.find((x) => x.id === s.id)
    expect(stored?.timeListening).toBe(0)
    expect((await t.call('POST', `/api/session/unknown-id/close`, admin)).statusCode).toBe(404)
  })

  it('lists everyone, filters by user, pages and sorts', async () => {
    const mine = (await play(admin, 'admin-desk')).json<OpenPlaybackSession>()
    await t.call('POST', `/api/session/${mine.id}/close`, admin)
    for (const d of ['r1', 'r2']) {
      const s = (await play(reader, d)).json<OpenPlaybackSession>()
      t.clock.advance(1000)
      await t.call('POST', `/api/session/${s.id}/close`, reader, {
        currentTime: 2,
        timeListened: d === 'r1' ? 2 : 1,
      })
    }
    const all = await page('itemsPerPage=100')
    expect(all.total).toBeGreaterThanOrEqual(4)
    expect(new Set(all.sessions.map((s) => s.user?.username))).toEqual(new Set(['root', 'reader']))
    // Default order: newest first.
    const updated = all.sessions.map((s) => s.updatedAt)
    expect([...updated].sort((a, b) => b - a)).toEqual(updated)

    const readers = await page(`user=${readerId}&itemsPerPage=2&page=0`)
    expect(readers.userFilter).toBe(readerId)
    expect(readers.sessions.every((s) => s.userId === readerId)).toBe(true)
    expect(readers.numPages).toBe(Math.ceil(readers.total / 2))
    const second = await page(`user=${readerId}&itemsPerPage=2&page=1`)
    expect(second.sessions.map((s) => s.id)).not.toContain(readers.sessions[0]!.id)

    const asc = (await page(`user=${readerId}&sort=timeListening`)).sessions.map((s) => s.timeListening)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await page(`user=${readerId}&sort=timeListening&desc=1`)).sessions.map(
      (s) => s.timeListening,
    )
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    expect(desc[0]).toBeGreaterThan(desc[desc.length - 1]!)

    expect((await t.call('GET', '/api/sessions', reader)).statusCode).toBe(403)
    expect((await t.call('GET', '/api/sessions/open', reader)).statusCode).toBe(403)
  })

  it('deletes one or many; an open one is closed first; a user only their own', async () => {
    const open = (await play(reader, 'to-delete')).json<OpenPlaybackSession>()
    const before = await page(`user=${readerId}&itemsPerPage=100`)
    const [a, b] = before.sessions.filter((s) => s.id !== open.id)
    expect((await t.call('DELETE', `/api/sessions/${a!.id}`, admin)).statusCode).toBe(200)
    expect(
      (await t.call('POST', '/api/sessions/batch/delete', admin, { sessions: [b!.id, open.id] })).statusCode,
    ).toBe(200)
    const after = (await page(`user=${readerId}&itemsPerPage=100`)).sessions.map((s) => s.id)
    expect(after).not.toContain(a!.id)
    expect(after).not.toContain(b!.id)
    expect(after).not.toContain(open.id)
    expect(await openIds()).not.toContain(open.id)

    const rootSession = (await page('itemsPerPage=100')).sessions.find((s) => s.user?.username === 'root')!
    expect((await t.call('DELETE', `/api/sessions/${rootSession.id}`, reader)).statusCode).toBe(404)
    expect(
      (await t.call('POST', '/api/sessions/batch/delete', reader, { sessions: [rootSession.id] })).statusCode,
    ).toBe(403)
    expect((await page('itemsPerPage=100')).sessions.map((s) => s.id)).toContain(rootSession.id)
  })
})
