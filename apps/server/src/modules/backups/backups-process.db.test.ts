import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { BackupsResponse, LoginResponse, User } from '@shelfcast/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { exited, freePort, httpJson, startServerProcess } from '../../test-support/server-process.ts'
import { tempDir } from '../../test-support/test-app.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A real server process: the restore restarts it in place; kill -9 mid-backup leaves nothing half made. */
describe('backups in a running server', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  })

  const client = (base: string) => {
    const call = httpJson(base)
    const login = async () => {
      const res = await call<LoginResponse>('POST', '/login', null, {
        username: 'root',
        password: 'pw-root-1',
      })
      if (res.status !== 200) throw new Error(`login ${res.status}`)
      return res.data.user.accessToken!
    }
    return { call, login }
  }

  it('a restore restarts the server onto the backup: a user deleted after it is back', async () => {
    const dir = tempDir('shelfcast-restore-process-')
    const port = await freePort()
    children.push(await startServerProcess(dir, port))
    const { call, login } = client(`http://127.0.0.1:${port}`)
    expect(
      (await call('POST', '/init', null, { newRoot: { username: 'root', password: 'pw-root-1' } })).status,
    ).toBe(200)
    const token = await login()
    const made = await call<{ user: User }>('POST', '/api/users', token, {
      username: 'kept',
      password: 'kept-password',
      type: 'user',
    })
    expect(made.status).toBe(200)
    const backup = (await call<BackupsResponse>('POST', '/api/backups', token)).data.backups[0]!
    expect((await call('DELETE', `/api/users/${made.data.user.id}`, token)).status).toBe(200)
    expect((await call('GET', `/api/backups/${backup.id}/apply`, token)).status).toBe(200)

    const deadline = Date.now() + 30_000
    let status = 0
    while (Date.now() < deadline) {
      await sleep(200)
      try {
        status = (await call('GET', `/api/users/${made.data.user.id}`, await login())).status
        if (status === 200) break
      } catch {
        // restarting
      }
    }
    expect(status).toBe(200)
  })

  it('kill -9 right after a restore is committed: the next start is on the restored database, intact', async () => {
    const dir = tempDir('shelfcast-restore-kill-')
    const port = await freePort()
    const first = await startServerProcess(dir, port)
    children.push(first)
    const { call, login } = client(`http://127.0.0.1:${port}`)
    expect(
      (await call('POST', '/init', null, { newRoot: { username: 'root', password: 'pw-root-1' } })).status,
    ).toBe(200)
    const token = await login()
    const made = await call<{ user: User }>('POST', '/api/users', token, {
      username: 'kept',
      password: 'kept-password',
      type: 'user',
    })
    const backup = (await call<BackupsResponse>('POST', '/api/backups', token)).data.backups[0]!
    expect((await call('DELETE', `/api/users/${made.data.user.id}`, token)).status).toBe(200)
    expect((await call('GET', `/api/backups/${backup.id}/apply`, token)).status).toBe(200)
    // Before the in-process restart (300 ms later) could swap it in.
    first.kill('SIGKILL')
    await exited(first)

    const second = await startServerProcess(dir, port)
    children.push(second)
    expect((await call('GET', `/api/users/${made.data.user.id}`, await login())).status).toBe(200)
    second.kill('SIGTERM')
    await exited(second)
    const check = new BetterSqlite3(path.join(dir, 'config', 'shelfcast.sqlite'), { readonly: true })
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    check.close()
    expect(fs.readdirSync(path.join(dir, 'config')).filter((n) => n.includes('restore'))).toEqual([])
  })

  it('kill -9 during a backup: the database is intact and the partial backup is never listed', async () => {
    const dir = tempDir('shelfcast-backup-kill-')
    const port = await freePort()
    const first = await startServerProcess(dir, port)
    children.push(first)
    const { call, login } = client(`http://127.0.0.1:${port}`)
    expect(
      (await call('POST', '/init', null, { newRoot: { username: 'root', password: 'pw-root-1' } })).status,
    ).toBe(200)
    // Enough incompressible data that the zip takes a while to write.
    const items = path.join(dir, 'metadata', 'items', 'big')
    fs.mkdirSync(items, { recursive: true })
    for (let i = 0; i < 12; i++)
      fs.writeFileSync(path.join(items, `part-${i}.bin`), crypto.randomBytes(4 * 1024 * 1024))
    const token = await login()
    const folder = path.join(dir, 'metadata', 'backups')
    void call('POST', '/api/backups', token).catch(() => undefined)
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      const names = fs.existsSync(folder) ? fs.readdirSync(folder) : []
      if (names.some((n) => n.endsWith('.audiobookshelf.tmp'))) break
      await sleep(5)
    }
    expect(fs.readdirSync(folder).some((n) => n.endsWith('.audiobookshelf.tmp'))).toBe(true)
    first.kill('SIGKILL')
    await exited(first)

    const file = path.join(dir, 'config', 'shelfcast.sqlite')
    const check = new BetterSqlite3(file)
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    check.close()
    children.push(await startServerProcess(dir, port))
    const listed = await call<BackupsResponse>('GET', '/api/backups', await login())
    expect(listed.data.backups).toEqual([])
    expect(fs.readdirSync(folder)).toEqual([])
  })
})
