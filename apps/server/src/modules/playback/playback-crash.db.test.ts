import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { LoginResponse, MediaProgress, OpenPlaybackSession } from '@shelfcast/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { exited, freePort, httpJson, startServerProcess } from '../../test-support/server-process.ts'
import { tempDir } from '../../test-support/test-app.ts'

const BOOKS = 4

describe('kill -9 while sessions sync', () => {
  const dir = tempDir('shelfcast-crash-')
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  })

  it('loses no acknowledged progress and leaves an intact database', async () => {
    const lib = path.join(dir, 'books')
    for (let i = 0; i < BOOKS; i++)
      await makeAudio({
        path: path.join(lib, `Author ${i}`, `Book ${i}`, 'book.mp3'),
        durationSec: 120,
        bitrateKbps: 8,
        sampleRate: 8000,
      })
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const first = await startServerProcess(dir, port)
    children.push(first)
    const json = httpJson(base)
    expect(
      (await json('POST', '/init', null, { newRoot: { username: 'root', password: 'pw-root-1' } })).status,
    ).toBe(200)
    const login = async () =>
      (await json<LoginResponse>('POST', '/login', null, { username: 'root', password: 'pw-root-1' })).data
        .user.accessToken as string
    const token = await login()
    const created = await json<{ id: string }>('POST', '/api/libraries', token, {
      name: 'Books',
      folders: [{ fullPath: lib }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    expect(created.status).toBe(200)
    let itemIds: string[] = []
    const scanned = Date.now() + 60_000 // how long the first scan may take on a busy machine
    while (itemIds.length < BOOKS && Date.now() < scanned) {
      const r = await json<{ results?: { id: string }[] }>(
        'GET',
        `/api/libraries/${created.data.id}/items?limit=50`,
        token,
      )
      itemIds = (r.data.results ?? []).map((x) => x.id)
      if (itemIds.length < BOOKS) await new Promise((r) => setTimeout(r, 100))
    }
    expect(itemIds).toHaveLength(BOOKS)

    const sessions = await Promise.all(
      itemIds.map(async (itemId, i) => {
        const r = await json<OpenPlaybackSession>('POST', `/api/items/${itemId}/play`, token, {
          deviceInfo: { deviceId: `dev-${i}`, clientName: 'crash-test' },
          supportedMimeTypes: ['audio/mpeg'],
        })
        expect(r.status).toBe(200)
        return r.data.id
      }),
    )

    // Each listener syncs as fast as it can; the last position each one saw acknowledged is what must survive.
    const acked = new Map<string, number>()
    const ackCount = new Map<string, number>()
    let killed = false
    const loops = sessions.map(async (sid, i) => {
      const itemId = itemIds[i] as string
      for (let n = 1; !killed; n++) {
        const currentTime = n * 0.25
        try {
          const r = await fetch(`${base}/api/session/${sid}/sync`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ currentTime, timeListened: 0.25 }),
          })
          if (r.status === 200 && (await r.text()) === 'OK' && !killed) {
            acked.set(itemId, currentTime)
            ackCount.set(itemId, (ackCount.get(itemId) ?? 0) + 1)
          }
        } catch {
          return
        }
      }
    })
    // The kill lands mid-stream once every listener has had a few syncs acknowledged, however slow the machine.
    const deadline = Date.now() + 60_000
    while (!itemIds.every((id) => (ackCount.get(id) ?? 0) >= 5) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
    killed = true
    first.kill('SIGKILL')
    await Promise.all(loops)
    await exited(first)
    expect(acked.size).toBe(BOOKS)

    const second = await startServerProcess(dir, port)
    children.push(second)
    const token2 = await login()
    for (const [itemId, t] of acked) {
      const p = await json<MediaProgress>('GET', `/api/me/progress/${itemId}`, token2)
      expect(p.status).toBe(200)
      expect(p.data.currentTime).toBeGreaterThanOrEqual(t)
    }
    // The sessions of the dead process are history now: syncing them is a 404, never a 5xx.
    expect(
      (await json('POST', `/api/session/${sessions[0]}/sync`, token2, { currentTime: 1, timeListened: 1 }))
        .status,
    ).toBe(404)
    const history = await json<{ total: number; sessions: { timeListening: number }[] }>(
      'GET',
      '/api/me/listening-sessions?itemsPerPage=10',
      token2,
    )
    expect(history.data.total).toBe(BOOKS)
    second.kill('SIGTERM')
    await exited(second)

    const db = new BetterSqlite3(path.join(dir, 'config', 'shelfcast.sqlite'))
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.prepare('SELECT COUNT(*) AS n FROM playback_sessions WHERE closed_at IS NULL').get()).toEqual(
        { n: 0 },
      )
    } finally {
      db.close()
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }, 180_000)
})
