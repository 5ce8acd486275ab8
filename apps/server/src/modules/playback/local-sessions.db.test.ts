import type { LocalSessionResult, MediaProgress } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

describe('offline sessions from mobile apps', () => {
  let s: BrowseScenario
  let token: string
  const session = (over: Record<string, unknown> = {}) => ({
    id: `local-${Math.random().toString(36).slice(2)}`,
    libraryItemId: s.id.dune,
    displayTitle: 'Dune',
    duration: 75000,
    currentTime: 1200,
    timeListening: 600,
    startedAt: Date.UTC(2026, 0, 1, 8),
    updatedAt: Date.UTC(2026, 0, 1, 9),
    ...over,
  })
  const progressOf = async (itemId: string) =>
    (await s.t.call('GET', `/api/me/progress/${itemId}`, token)).json<MediaProgress>()

  beforeAll(async () => {
    s = await createBrowseScenario()
    token = s.root.accessToken
  })
  afterAll(() => s.t.close())

  it('keeps the session in the history and moves progress when the session is newer', async () => {
    const body = session()
    const res = await s.t.call('POST', '/api/session/local', token, body)
    expect(res.json<LocalSessionResult>()).toEqual({ id: body.id, success: true, progressSynced: true })
    expect(await progressOf(s.id.dune)).toMatchObject({ currentTime: 1200, lastUpdate: body.updatedAt })
    const history = (await s.t.call('GET', '/api/me/listening-sessions', token)).json<{
      sessions: { id: string; playMethod: number; timeListening: number }[]
    }>()
    expect(history.sessions.find((x) => x.id === body.id)).toMatchObject({
      playMethod: 3,
      timeListening: 600,
    })

    // Sent again after more offline listening: the same session grows.
    await s.t.call('POST', '/api/session/local', token, {
      ...body,
      timeListening: 900,
      currentTime: 1500,
      updatedAt: body.updatedAt + 300_000,
    })
    const again = (await s.t.call('GET', '/api/me/listening-sessions', token)).json<{
      sessions: { id: string; timeListening: number }[]
    }>()
    expect(again.sessions.filter((x) => x.id === body.id)).toEqual([
      expect.objectContaining({ timeListening: 900 }),
    ])
    expect((await progressOf(s.id.dune)).currentTime).toBe(1500)
  })

  it('never winds progress back with an older offline session', async () => {
    const res = await s.t.call(
      'POST',
      '/api/session/local',
      token,
      session({ currentTime: 10, updatedAt: Date.UTC(2025, 0, 1) }),
    )
    expect(res.json<LocalSessionResult>().progressSynced).toBe(false)
    expect((await progressOf(s.id.dune)).currentTime).toBe(1500)
  })

  it('answers each session of a batch on its own', async () => {
    const good = session({ libraryItemId: s.id.emile })
    const res = await s.t.call('POST', '/api/session/local-all', token, {
      sessions: [
        good,
        { id: 'broken', currentTime: 'soon' },
        session({ id: 'lost', libraryItemId: 'no-such-item' }),
      ],
      deviceInfo: { clientName: 'Abs Android' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ results: LocalSessionResult[] }>().results).toEqual([
      { id: good.id, success: true, progressSynced: true },
      { id: 'broken', success: false, progressSynced: false, error: 'Invalid session' },
      { id: 'lost', success: false, progressSynced: false, error: 'Item not found' },
    ])
  })

  it("refuses another user's session id and bad bodies", async () => {
    const mine = session()
    await s.t.call('POST', '/api/session/local', token, mine)
    await s.t.createUser(token, { username: 'other', password: 'pw' })
    const other = (await s.t.login('other', 'pw')).accessToken
    const res = await s.t.call('POST', '/api/session/local', other, mine)
    expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(/another user/)])
    expect((await s.t.call('POST', '/api/session/local', token, { id: 'x' })).statusCode).toBe(400)
  })
})
