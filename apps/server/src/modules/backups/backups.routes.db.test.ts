import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import yauzl from 'yauzl'
import type { BackupsResponse } from '@shelfcast/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import { migrations } from '../../db/migrations/index.ts'
import { HOSTILE_DESCRIPTION, HOSTILE_DESCRIPTION_SANITISED } from '../../test-support/hostile-markup.ts'
import { createInitialisedApp, createTestApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { DATABASE_ENTRY } from './backup-format.ts'
import { newestSchemaVersion } from './backup-reader.ts'
import { backupOf, databaseBytes, renameEntry, zipOf } from './backup-test-archives.ts'

function multipart(filename: string, data: Buffer) {
  const boundary = `----shelfcast${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

function entryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: false }, (err, zip) => {
      if (err) return reject(err)
      const names: string[] = []
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName))
      zip.on('end', () => resolve(names))
    }),
  )
}

const liveFiles = (t: TestApp) => {
  const base = path.join(t.config.configPath, 'shelfcast.sqlite')
  return [base, `${base}-wal`]
    .filter((f) => fs.existsSync(f))
    .map((f) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex'))
}

describe('backups', () => {
  const open: TestApp[] = []
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close()
  })
  const start = async (dir?: string) => {
    const made = await createInitialisedApp(dir ? { dir } : {})
    open.push(made.t)
    return { t: made.t, token: made.root.accessToken }
  }
  const upload = (t: TestApp, token: string, name: string, data: Buffer) => {
    const { payload, contentType } = multipart(name, data)
    return t.inject({
      method: 'POST',
      url: '/api/backups/upload',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
  }

  it('creates a zip of the online database and the metadata images, lists, downloads and deletes it; admins only', async () => {
    const { t, token } = await start()
    const cover = path.join(t.config.metadataPath, 'items', 'item-1', 'cover.jpg')
    fs.mkdirSync(path.dirname(cover), { recursive: true })
    fs.writeFileSync(cover, 'jpeg bytes')
    fs.mkdirSync(path.join(t.config.metadataPath, 'authors'), { recursive: true })
    fs.writeFileSync(path.join(t.config.metadataPath, 'authors', 'a1.png'), 'png bytes')

    const created = await t.call('POST', '/api/backups', token)
    expect(created.statusCode).toBe(200)
    const { backups, backupLocation } = created.json<BackupsResponse>()
    expect(backupLocation).toBe(path.join(t.config.metadataPath, 'backups'))
    expect(backups).toHaveLength(1)
    const [backup] = backups
    expect(backup?.filename).toMatch(/^\d{4}-\d\d-\d\dT\d{6}\.audiobookshelf$/)
    expect(backup?.schemaVersion).toBe(newestSchemaVersion)
    expect((await entryNames(backup!.fullPath)).sort()).toEqual(
      ['details.json', DATABASE_ENTRY, 'metadata-authors/a1.png', 'metadata-items/item-1/cover.jpg'].sort(),
    )
    // It ran as a task every admin sees.
    const tasks = (await t.call('GET', '/api/tasks?include=finished', token)).json<{
      tasks: { action: string; isFinished: boolean; progress: number }[]
    }>()
    expect(tasks.tasks.find((k) => k.action === 'backup')).toMatchObject({ isFinished: true, progress: 100 })
    // No staging or temp file is left next to it.
    expect(fs.readdirSync(backupLocation)).toEqual([backup!.filename])

    const user = await t.createUser(token, { username: 'reader', password: 'reader-password', type: 'user' })
    const reader = await t.login('reader', 'reader-password')
    expect((await t.call('GET', '/api/backups', reader.accessToken)).statusCode).toBe(403)
    expect(user.id).toBeTruthy()

    const download = await t.call('GET', `/api/backups/${backup!.id}/download`, token)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(fs.readFileSync(backup!.fullPath))).toBe(true)
    expect(String(download.headers['content-disposition'])).toContain('attachment')

    expect(
      (await t.call('DELETE', `/api/backups/${backup!.id}`, token)).json<BackupsResponse>().backups,
    ).toEqual([])
    expect((await t.call('DELETE', `/api/backups/${backup!.id}`, token)).statusCode).toBe(404)
    expect((await t.call('GET', `/api/backups/..%2f..%2fconfig/download`, token)).statusCode).toBe(400)
  })

  it('keeps the newest backupsToKeep and refuses a backup over the maximum size', async () => {
    const { t, token } = await start()
    expect((await t.call('PATCH', '/api/settings', token, { backupsToKeep: 2 })).statusCode).toBe(200)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000)
      const res = await t.call('POST', '/api/backups', token)
      ids.push(res.json<BackupsResponse>().backups[0]!.id)
    }
    const { backups } = (await t.call('GET', '/api/backups', token)).json<BackupsResponse>()
    expect(backups.map((b) => b.id)).toEqual([ids[2], ids[1]])

    expect((await t.call('PATCH', '/api/settings', token, { backupsToKeep: 0 })).body).toMatch(
      /Invalid number of backups to keep$/,
    )
    expect((await t.call('PATCH', '/api/settings', token, { maxBackupSize: -1 })).body).toMatch(
      /Invalid maximum backup size$/,
    )
    expect((await t.call('PATCH', '/api/settings', token, { maxBackupSize: 0.000001 })).statusCode).toBe(200)
    t.clock.advance(60_000)
    const tooBig = await t.call('POST', '/api/backups', token)
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.body).toMatch(/^Failed to create backup: .*maximum backup size/)
    expect(
      fs.readdirSync(path.join(t.config.metadataPath, 'backups')).filter((n) => n.startsWith('.')),
    ).toEqual([])
    // An upload over the maximum size is cut off and refused.
    const upload = multipart('big.audiobookshelf', Buffer.alloc(64 * 1024, 1))
    const refused = await t.inject({
      method: 'POST',
      url: '/api/backups/upload',
      payload: upload.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
    })
    expect(refused.statusCode).toBe(413)
    expect(refused.body).toMatch(/^Failed to upload backup: larger than the maximum backup size/)
    expect(fs.readdirSync(path.join(t.config.metadataPath, 'backups')).sort()).toEqual(
      [ids[1], ids[2]].map((id) => `${id}.audiobookshelf`).sort(),
    )
  })

  it('schedules backups from the backupSchedule setting, checked as a 5-field cron expression', async () => {
    const { t, token } = await start()
    expect(t.ctx.backups.nextScheduledRun()).toBeNull()
    expect((await t.call('PATCH', '/api/settings', token, { backupSchedule: '0 3 * * *' })).statusCode).toBe(
      200,
    )
    expect(t.ctx.backups.nextScheduledRun()?.getHours()).toBe(3)
    const bad = await t.call('PATCH', '/api/settings', token, { backupSchedule: '0 3 * *' })
    expect(bad.statusCode).toBe(400)
    expect(t.ctx.backups.nextScheduledRun()?.getHours()).toBe(3)
    expect((await t.call('PATCH', '/api/settings', token, { backupSchedule: false })).statusCode).toBe(200)
    expect(t.ctx.backups.nextScheduledRun()).toBeNull()
  })

  it('refuses bad archives with the spec toast, leaving the live database and the list unchanged', async () => {
    const { t, token } = await start()
    const dir = tempDir('shelfcast-bad-backups-')
    const good = databaseBytes(dir)
    const future = databaseBytes(dir, (s) =>
      s
        .prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, 1)')
        .run(newestSchemaVersion + 1, 'future'),
    )
    const corrupt = Buffer.from(good)
    const pageSize = corrupt.readUInt16BE(16)
    corrupt.fill(0xa5, pageSize * 2, pageSize * 4)
    const evil = renameEntry(
      await backupOf(good, newestSchemaVersion, [
        { name: 'metadata-items/XX/XX/evil.txt', data: Buffer.from('x') },
      ]),
      'metadata-items/XX/XX/evil.txt',
      'metadata-items/../../evil.txt',
    )
    const cases: [string, Buffer, RegExp][] = [
      ['not a zip', Buffer.from('just some text, not an archive'), /not a zip/],
      [
        'zip bomb',
        await backupOf(good, newestSchemaVersion, [
          { name: 'metadata-items/i/bomb.bin', data: Buffer.alloc(80 * 1024 * 1024) },
        ]),
        /zip bomb/,
      ],
      ['../ entry', evil, /outside its folder/],
      ['future schema', await backupOf(future, newestSchemaVersion + 1), /newer Shelfcast/],
      ['corrupt page', await backupOf(corrupt, newestSchemaVersion), /damaged|cannot be opened/],
      [
        'Audiobookshelf backup',
        await zipOf([
          { name: 'details', data: Buffer.from('2.17.0\n1\n') },
          { name: 'absdatabase.sqlite', data: good },
        ]),
        /Audiobookshelf backup/,
      ],
      [
        'no database',
        await zipOf([{ name: 'details.json', data: Buffer.from('{}') }]),
        /not a Shelfcast backup/,
      ],
    ]
    const before = liveFiles(t)
    for (const [what, data, reason] of cases) {
      const res = await upload(t, token, `${what}.audiobookshelf`, data)
      expect(res.statusCode, what).toBe(400)
      expect(res.body, what).toMatch(/^Failed to upload backup: /)
      expect(res.body, what).toMatch(reason)
    }
    expect(fs.existsSync(path.join(t.config.metadataPath, '..', 'evil.txt'))).toBe(false)
    expect(fs.existsSync(path.join(t.config.metadataPath, 'evil.txt'))).toBe(false)
    expect((await t.call('GET', '/api/backups', token)).json<BackupsResponse>().backups).toEqual([])
    expect(fs.readdirSync(path.join(t.config.metadataPath, 'backups'))).toEqual([])
    expect(liveFiles(t)).toEqual(before)
  })

  it('restores a backup: validated while the server runs, swapped in at the restart, metadata images too', async () => {
    const { t, token } = await start()
    const images = path.join(t.config.metadataPath, 'items', 'kept')
    fs.mkdirSync(images, { recursive: true })
    fs.writeFileSync(path.join(images, 'cover.jpg'), 'before')
    const backup = (await t.call('POST', '/api/backups', token)).json<BackupsResponse>().backups[0]!
    const later = await t.createUser(token, { username: 'later', password: 'later-password', type: 'user' })
    fs.writeFileSync(path.join(images, 'cover.jpg'), 'after')
    fs.mkdirSync(path.join(t.config.metadataPath, 'items', 'newer'))

    expect((await t.call('GET', '/api/backups/nope/apply', token)).statusCode).toBe(404)
    const applied = await t.call('GET', `/api/backups/${backup.id}/apply`, token)
    expect(applied.statusCode).toBe(200)
    // Until the restart the live database is the one in use.
    expect((await t.call('GET', `/api/users/${later.id}`, token)).statusCode).toBe(200)
    await t.close()

    const { t: t2, token: token2 } = await (async () => {
      const t2 = await createTestApp({ dir: t.dir })
      open.push(t2)
      const root = await t2.login('root', 'root-password')
      return { t: t2, token: root.accessToken }
    })()
    expect((await t2.call('GET', `/api/users/${later.id}`, token2)).statusCode).toBe(404)
    expect(fs.readFileSync(path.join(images, 'cover.jpg'), 'utf8')).toBe('before')
    expect(fs.existsSync(path.join(t2.config.metadataPath, 'items', 'newer'))).toBe(false)
    expect(fs.readdirSync(t2.config.configPath).filter((n) => n.includes('restore'))).toEqual([])
    expect(t2.ctx.database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('restores a backup made at an older migration level, migrated forward', async () => {
    const { t, token } = await start()
    // Made before migration 0016, whose description sanitiser shows that the restored copy was migrated.
    const level = 15
    const previous = migrations.filter((m) => m.version <= level)
    const db = databaseBytes(
      tempDir('shelfcast-old-backup-'),
      (s) => {
        s.exec(`INSERT INTO libraries (id, name, media_type, display_order, icon, provider, settings, created_at, updated_at)
          VALUES ('lib', 'Books', 'book', 1, 'database', 'google', '{}', 1, 1)`)
        s.prepare(
          `INSERT INTO collections (id, library_id, name, description, created_at, updated_at) VALUES ('c1', 'lib', 'C', ?, 1, 1)`,
        ).run(HOSTILE_DESCRIPTION)
      },
      previous,
    )
    const uploaded = await upload(t, token, 'old-level.audiobookshelf', await backupOf(db, level))
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const [backup] = uploaded.json<BackupsResponse>().backups
    expect(backup).toMatchObject({ id: 'old-level', schemaVersion: level })
    expect((await t.call('GET', `/api/backups/old-level/apply`, token)).statusCode).toBe(200)
    await t.close()

    const t2 = await createTestApp({ dir: t.dir })
    open.push(t2)
    const sqlite = t2.ctx.database.sqlite
    expect(sqlite.prepare('SELECT max(version) AS v FROM migrations').get()).toEqual({
      v: newestSchemaVersion,
    })
    expect(sqlite.prepare("SELECT description FROM collections WHERE id = 'c1'").get()).toEqual({
      description: HOSTILE_DESCRIPTION_SANITISED,
    })
  })

  it('moves the backup folder only outside library and config folders', async () => {
    const { t, token } = await start()
    const books = tempDir('shelfcast-books-')
    const lib = await t.call('POST', '/api/libraries', token, {
      name: 'Books',
      folders: [{ fullPath: books }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    expect(lib.statusCode, lib.body).toBe(200)
    const patch = (p: string) => t.call('PATCH', '/api/backups/path', token, { path: p })
    expect((await patch('   ')).body).toBe('Backup location path cannot be empty')
    expect((await patch('relative/folder')).statusCode).toBe(400)
    expect((await patch(path.join(books, 'backups'))).body).toMatch(/library folder/)
    expect((await patch(path.join(t.config.configPath, 'b'))).body).toMatch(/config folder/)
    const elsewhere = path.join(tempDir('shelfcast-elsewhere-'), 'backups')
    const moved = await patch(elsewhere)
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json<BackupsResponse>().backupLocation).toBe(elsewhere)
    await t.call('POST', '/api/backups', token)
    expect(fs.readdirSync(elsewhere)).toHaveLength(1)
    // A symlink into a library folder is the library folder.
    const link = path.join(tempDir('shelfcast-link-'), 'to-books')
    fs.symlinkSync(books, link)
    expect((await patch(path.join(link, 'backups'))).body).toMatch(/library folder/)
    // And a library may not be made in the backup folder.
    const inside = await t.call('POST', '/api/libraries', token, {
      name: 'In backups',
      folders: [{ fullPath: elsewhere }],
      mediaType: 'book',
    })
    expect(inside.statusCode).toBe(400)
    expect(inside.body).toMatch(/backup folder/)
    const settings = await t.call('PATCH', '/api/settings', token, {})
    expect(settings.json<{ serverSettings: { backupPath: string } }>().serverSettings.backupPath).toBe(
      elsewhere,
    )
  })
})
