import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem, Task } from '@shelfcast/contracts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeEpub } from '../../../../scripts/media/index.ts'
import { connectSocket, sleep, type TestSocket } from '../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { createLibrary } from './test-library.ts'

describe('scan events, tasks and cancellation', () => {
  let t: TestApp
  let root: LoggedIn
  let base: string
  let dir: string
  let sample: string
  const open: TestSocket[] = []

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    base = await t.listen()
    dir = tempDir('shelfcast-events-')
    sample = await makeAudio({
      path: path.join(dir, 'sample.mp3'),
      durationSec: 1,
      tags: { title: 'Sample' },
    })
  })
  afterEach(() => {
    for (const s of open.splice(0)) s.close()
    t.ctx.scanner.scans.readdir = undefined
    delete (t.ctx.scanner.scans as { cancel?: unknown }).cancel // back to the class's own
  })
  afterAll(() => t.close())

  const socketFor = async (token: string) => {
    const s = await connectSocket(base)
    open.push(s)
    if ((await s.auth(token)).event !== 'init') throw new Error('socket auth failed')
    return s
  }
  let n = 0
  const userWith = async (body: Record<string, unknown>) => {
    const username = `reader${++n}`
    await t.createUser(root.accessToken, { username, password: 'pw', ...body })
    return t.login(username, 'pw')
  }
  const emptyLibrary = async (name: string) => {
    const folder = path.join(dir, name)
    fs.mkdirSync(folder, { recursive: true })
    const lib = await createLibrary(t, root.accessToken, {
      name,
      folders: [{ fullPath: folder }],
      settings: { disableWatcher: true },
    })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    return { lib, folder }
  }
  const addBook = (folder: string, rel: string, json?: Record<string, unknown>) => {
    const target = path.join(folder, rel)
    fs.mkdirSync(target, { recursive: true })
    fs.copyFileSync(sample, path.join(target, 'audio.mp3'))
    if (json) fs.writeFileSync(path.join(target, 'metadata.json'), JSON.stringify(json))
  }
  const titlesIn = (s: TestSocket, event: string) =>
    s
      .received(event)
      .flatMap((p) => p as LibraryItem[])
      .map((i) => (i.media.metadata as { title: string }).title)
      .sort()

  it('sends items only to users allowed to see them, tasks only to admins', async () => {
    const { lib, folder } = await emptyLibrary('Shared')
    const other = await emptyLibrary('Other')
    addBook(folder, 'A/Plain Book', { title: 'Plain Book' })
    addBook(folder, 'A/Explicit Book', { title: 'Explicit Book', explicit: true })
    addBook(folder, 'A/Kids Book', { title: 'Kids Book', tags: ['kids'] })

    const member = await userWith({
      permissions: { accessAllLibraries: false, accessExplicitContent: false },
      librariesAccessible: [lib.id],
    })
    const outsider = await userWith({
      permissions: { accessAllLibraries: false },
      librariesAccessible: [other.lib.id],
    })
    const kidsOnly = await userWith({ permissions: { accessAllTags: false }, itemTagsSelected: ['kids'] })
    const admin = await socketFor(root.accessToken)
    const memberSocket = await socketFor(member.accessToken)
    const outsiderSocket = await socketFor(outsider.accessToken)
    const kidsSocket = await socketFor(kidsOnly.accessToken)

    const res = await t.call('POST', `/api/libraries/${lib.id}/scan`, root.accessToken)
    expect(res.statusCode).toBe(200)
    const finished = await admin.waitFor<Task>('task_finished', (x) => x.data.libraryId === lib.id, 30_000)
    expect(finished).toMatchObject({
      action: 'library-scan',
      isFinished: true,
      isFailed: false,
      data: { scanResults: { added: 3 } },
    })
    expect(admin.received('task_started')).toHaveLength(1)
    // The admin's items came before its task_finished; each other socket gets its own at its own pace.
    for (const [s, count] of [
      [memberSocket, 2],
      [kidsSocket, 1],
    ] as const) {
      await s.waitUntil(() => titlesIn(s, 'items_added').length >= count, `${count} items_added`)
    }
    await sleep(100) // for what must never come (outsider, more items)

    expect(titlesIn(admin, 'items_added')).toEqual(['Explicit Book', 'Kids Book', 'Plain Book'])
    expect(titlesIn(memberSocket, 'items_added')).toEqual(['Kids Book', 'Plain Book'])
    expect(titlesIn(kidsSocket, 'items_added')).toEqual(['Kids Book'])
    expect(outsiderSocket.received('items_added')).toEqual([])
    for (const s of [memberSocket, outsiderSocket, kidsSocket]) {
      expect(s.events.map((e) => e.event).filter((e) => e.startsWith('task_'))).toEqual([])
    }

    // Removing a book sends items_updated (isMissing) to the same audience.
    fs.rmSync(path.join(folder, 'A', 'Plain Book'), { recursive: true })
    await t.call('POST', `/api/libraries/${lib.id}/scan`, root.accessToken)
    const updated = await memberSocket.waitFor<LibraryItem[]>(
      'items_updated',
      (p) => p.some((i) => i.isMissing),
      30_000,
    )
    expect(updated.map((i) => (i.media.metadata as { title: string }).title)).toEqual(['Plain Book'])
    await sleep(100)
    expect(outsiderSocket.received('items_updated')).toEqual([])
    expect(kidsSocket.received('items_updated')).toEqual([])

    const tasks = await t.call('GET', '/api/tasks', member.accessToken)
    expect(tasks.json<{ tasks: Task[] }>().tasks.every((x) => x.data.libraryId === lib.id)).toBe(true)
    const outsiderTasks = await t.call('GET', '/api/tasks', outsider.accessToken)
    expect(outsiderTasks.json<{ tasks: Task[] }>().tasks.filter((x) => x.data.libraryId === lib.id)).toEqual(
      [],
    )
  })

  it('sends series_removed when no item uses a series any more', async () => {
    const { lib, folder } = await emptyLibrary('Series')
    addBook(folder, 'A/Book', { title: 'Book', series: ['Old Series #1'] })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    const old = await t.ctx.database.db
      .selectFrom('series')
      .select('id')
      .where('library_id', '=', lib.id)
      .where('name', '=', 'Old Series')
      .executeTakeFirst()
    const admin = await socketFor(root.accessToken)
    fs.writeFileSync(
      path.join(folder, 'A', 'Book', 'metadata.json'),
      JSON.stringify({ title: 'Book', series: ['New Series #1'] }),
    )
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    expect(await admin.waitFor('series_removed')).toEqual({ id: old?.id, libraryId: lib.id })
    const names = await t.ctx.database.db
      .selectFrom('series')
      .select('name')
      .where('library_id', '=', lib.id)
      .execute()
    expect(names.map((n) => n.name)).toEqual(['New Series'])
  })

  it('sends author_added (scan) / authors_added (edit) for new authors and authors_num_books_updated {libraryId, authors}', async () => {
    const { lib, folder } = await emptyLibrary('Authors')
    const other = await emptyLibrary('Authors Elsewhere')
    const outsider = await userWith({
      permissions: { accessAllLibraries: false },
      librariesAccessible: [other.lib.id],
    })
    const admin = await socketFor(root.accessToken)
    const outsiderSocket = await socketFor(outsider.accessToken)
    addBook(folder, 'A/One', { title: 'One', authors: ['Ann Writer'] })
    addBook(folder, 'A/Two', { title: 'Two', authors: ['Ann Writer', 'Bob Penn'] })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    await admin.waitUntil(() => admin.received('author_added').length >= 2, 'two author_added')
    const added = admin.received('author_added') as { id: string; name: string; libraryId: string }[]
    expect(added.map((a) => a.name).sort()).toEqual(['Ann Writer', 'Bob Penn'])
    expect(added[0]).toEqual({
      id: expect.any(String),
      asin: null,
      name: expect.any(String),
      description: null,
      imagePath: null,
      libraryId: lib.id,
      addedAt: expect.any(Number),
      updatedAt: expect.any(Number),
    })
    const ann = added.find((a) => a.name === 'Ann Writer')
    const bob = added.find((a) => a.name === 'Bob Penn')
    const counts = await admin.waitFor<{ libraryId: string; authors: { id: string; numBooks: number }[] }>(
      'authors_num_books_updated',
    )
    expect(counts.libraryId).toBe(lib.id)
    expect(counts.authors).toEqual(
      expect.arrayContaining([
        { id: ann?.id, numBooks: 2 },
        { id: bob?.id, numBooks: 1 },
      ]),
    )

    // An edit that moves book Two from Bob to a new author: Carl is added, Bob's count changes (he has none
    // left, so he is left out), Ann's stays and is not sent.
    const two = await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', lib.id)
      .where('title', '=', 'Two')
      .executeTakeFirstOrThrow()
    const before = admin.received('authors_num_books_updated').length
    const res = await t.call('PATCH', `/api/items/${two.id}/media`, root.accessToken, {
      metadata: { authors: [{ name: 'Carl New' }] },
    })
    expect(res.statusCode).toBe(200)
    // An edit sends Audiobookshelf's authors_added (all the authors it created, in one array).
    const [carl] = await admin.waitFor<{ id: string; name: string }[]>('authors_added')
    expect(carl).toMatchObject({ name: 'Carl New', libraryId: lib.id })
    if (!carl) throw new Error('no author')
    await admin.waitUntil(
      () => admin.received('authors_num_books_updated').length > before,
      'a second authors_num_books_updated',
    )
    const second = admin.received('authors_num_books_updated')[before] as {
      authors: { id: string; numBooks: number }[]
    }
    expect(second.authors).toEqual(
      expect.arrayContaining([
        { id: ann?.id, numBooks: 1 },
        { id: carl.id, numBooks: 1 },
      ]),
    )
    expect(second.authors.map((a) => a.id)).not.toContain(bob?.id)
    await sleep(100)
    expect(outsiderSocket.received('author_added')).toEqual([])
    expect(outsiderSocket.received('authors_added')).toEqual([])
    expect(outsiderSocket.received('authors_num_books_updated')).toEqual([])
  })

  it('applies the library metadata precedence (later sources win)', async () => {
    const folder = path.join(dir, 'Precedence')
    addBook(folder, 'Folder Author/Folder Title', { title: 'Json Title', authors: ['Json Author'] })
    const lib = await createLibrary(t, root.accessToken, {
      name: 'Precedence',
      folders: [{ fullPath: folder }],
      settings: {
        disableWatcher: true,
        metadataPrecedence: ['absMetadata', 'audioMetatags', 'folderStructure'],
      },
    })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    const row = await t.ctx.database.db
      .selectFrom('library_items')
      .select(['title', 'author_name'])
      .where('library_id', '=', lib.id)
      .executeTakeFirst()
    expect(row).toEqual({ title: 'Folder Title', author_name: 'Folder Author' })
  })

  it('ignores ebooks when the library is audiobooks only', async () => {
    const folder = path.join(dir, 'AudioOnly')
    addBook(folder, 'A/Audio With Ebook')
    await makeEpub({ path: path.join(folder, 'A', 'Audio With Ebook', 'book.epub'), title: 'E', author: 'A' })
    await makeEpub({ path: path.join(folder, 'A', 'Ebook Only', 'book.epub'), title: 'E', author: 'A' })
    const lib = await createLibrary(t, root.accessToken, {
      name: 'AudioOnly',
      folders: [{ fullPath: folder }],
      settings: { disableWatcher: true, audiobooksOnly: true },
    })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    const rows = await t.ctx.database.db
      .selectFrom('library_items')
      .select(['rel_path', 'ebook_file'])
      .where('library_id', '=', lib.id)
      .execute()
    expect(rows).toEqual([{ rel_path: 'A/Audio With Ebook', ebook_file: null }])
  })

  it('sends items in chunks of at most 50', async () => {
    const { lib, folder } = await emptyLibrary('Many')
    for (let i = 0; i < 120; i++) addBook(folder, `Author/Book ${i}`)
    const admin = await socketFor(root.accessToken)
    await t.call('POST', `/api/libraries/${lib.id}/scan`, root.accessToken)
    // Every items_added went to this socket before its task_finished.
    await admin.waitFor<Task>('task_finished', (x) => x.data.libraryId === lib.id, 30_000)
    const chunks = admin.received('items_added') as LibraryItem[][]
    expect(chunks.reduce((s, c) => s + c.length, 0)).toBe(120)
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(50)
  })

  it('cancels a running scan on cancel_scan from an admin, not from a user', async () => {
    const { lib, folder } = await emptyLibrary('Slow')
    for (let i = 0; i < 30; i++) addBook(folder, `Author ${i}/Book`)
    // The walk waits until a cancel has reached the scanner, so the scan is surely still running when it lands.
    const scans = t.ctx.scanner.scans
    const cancels: string[] = []
    scans.cancel = (libraryId: string) => {
      cancels.push(libraryId)
      return Object.getPrototypeOf(scans).cancel.call(scans, libraryId) as boolean
    }
    scans.readdir = async (p: string) => {
      while (cancels.length === 0) await sleep(10)
      return fs.readdirSync(p)
    }
    const user = await userWith({})
    const userSocket = await socketFor(user.accessToken)
    const admin = await socketFor(root.accessToken)
    expect((await t.call('POST', `/api/libraries/${lib.id}/scan`, root.accessToken)).statusCode).toBe(200)
    await admin.waitFor<Task>('task_started', (x) => x.data.libraryId === lib.id)
    const second = await t.call('POST', `/api/libraries/${lib.id}/scan?force=1`, root.accessToken)
    expect(second.body).toBe('Already scanning')

    userSocket.socket.emit('cancel_scan', lib.id)
    await sleep(100) // for what must never happen
    expect(cancels).toEqual([])
    expect(t.ctx.scanner.scans.isScanning(lib.id)).toBe(true)
    admin.socket.emit('cancel_scan', lib.id)
    const finished = await admin.waitFor<Task>('task_finished', (x) => x.data.libraryId === lib.id, 30_000)
    expect(finished.description).toBe('Canceled by user')
    expect(finished.isFailed).toBe(false)
    const count = await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', lib.id)
      .execute()
    expect(count.length).toBeLessThan(30)
  })

  it('refuses scan routes to non-admins', async () => {
    const { lib } = await emptyLibrary('Guarded')
    const user = await userWith({})
    expect((await t.call('POST', `/api/libraries/${lib.id}/scan`, user.accessToken)).statusCode).toBe(403)
    expect(
      (await t.call('POST', '/api/items/batch/scan', user.accessToken, { libraryItemIds: ['x'] })).statusCode,
    ).toBe(403)
    expect(
      (
        await t.call('POST', '/api/watcher/update', user.accessToken, {
          libraryId: lib.id,
          path: '/x',
          type: 'add',
        })
      ).statusCode,
    ).toBe(403)
    expect((await t.call('POST', '/api/libraries/nope/scan', root.accessToken)).statusCode).toBe(404)
    const outside = await t.call('POST', '/api/watcher/update', root.accessToken, {
      libraryId: lib.id,
      path: '/etc/passwd',
      type: 'add',
    })
    expect(outside.statusCode).toBe(400)
    const traversal = await t.call('POST', '/api/watcher/update', root.accessToken, {
      libraryId: lib.id,
      path: `${lib.folders[0]?.fullPath}/../../etc`,
      type: 'add',
    })
    expect(traversal.statusCode).toBe(400)
  })

  it('answers batch scans at once and rescans the items as a task', async () => {
    const { lib, folder } = await emptyLibrary('Batch')
    addBook(folder, 'X/One')
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    const [item] = await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', lib.id)
      .execute()
    fs.writeFileSync(path.join(folder, 'X', 'One', 'desc.txt'), 'now described')
    const admin = await socketFor(root.accessToken)
    const res = await t.call('POST', '/api/items/batch/scan', root.accessToken, {
      libraryItemIds: [item?.id],
    })
    expect(res.statusCode).toBe(200)
    const task = await admin.waitFor<Task>('task_finished', (x) => x.action === 'scan-item', 30_000)
    expect(task.description).toBe('1 updated')
    const row = await t.ctx.database.db
      .selectFrom('library_items')
      .select('description')
      .where('id', '=', item?.id ?? '')
      .executeTakeFirst()
    expect(row?.description).toBe('now described')
  })
})

describe('first scan on library creation', () => {
  let t: TestApp
  afterAll(() => t?.close())

  it('starts by itself when a library is created', async () => {
    const app = await createInitialisedApp()
    t = app.t
    const folder = path.join(tempDir('shelfcast-first-'), 'books')
    await makeAudio({ path: path.join(folder, 'A', 'B', 'b.mp3'), durationSec: 1 })
    const lib: Library = await createLibrary(t, app.root.accessToken, {
      name: 'Auto',
      folders: [{ fullPath: folder }],
    })
    expect(t.ctx.scanner.scans.isScanning(lib.id)).toBe(true)
    const { status, done } = await t.ctx.scanner.scans.scanLibrary(lib.id)
    expect(status).toBe('already-scanning')
    expect((await done)?.added).toBe(1)
  })
})

describe('scheduled scans', () => {
  let t: TestApp
  afterAll(() => t?.close())

  it('runs a library scan on its cron expression and ignores a bad one', async () => {
    const app = await createInitialisedApp()
    t = app.t
    const dir = tempDir('shelfcast-cron-')
    fs.mkdirSync(path.join(dir, 'a'))
    fs.mkdirSync(path.join(dir, 'b'))
    const every = await createLibrary(t, app.root.accessToken, {
      name: 'Every second',
      folders: [{ fullPath: path.join(dir, 'a') }],
      settings: { disableWatcher: true },
    })
    const bad = await createLibrary(t, app.root.accessToken, {
      name: 'Bad schedule',
      folders: [{ fullPath: path.join(dir, 'b') }],
      settings: { disableWatcher: true },
    })
    // The API only takes 5-field schedules (at most one a minute); a test can't wait a minute, so it writes
    // a per-second schedule and a broken one straight into the stored settings.
    const setSchedule = t.ctx.database.sqlite.prepare(
      "UPDATE libraries SET settings = json_set(settings, '$.autoScanCronExpression', ?) WHERE id = ?",
    )
    setSchedule.run('* * * * * *', every.id)
    setSchedule.run('not a cron', bad.id)
    await t.ctx.scanner.reconcile()
    expect(t.ctx.scanner.schedule.nextRun(every.id)).toBeInstanceOf(Date)
    expect(t.ctx.scanner.schedule.nextRun(bad.id)).toBeNull()
    const scans = () =>
      t.ctx.tasks.list().filter((x) => x.action === 'library-scan' && x.data.libraryId === every.id).length
    // Two runs of a per-second schedule take two seconds; the deadline is only how long to wait for them.
    const until = Date.now() + 30_000
    while (scans() < 2 && Date.now() < until) await sleep(100)
    expect(scans()).toBeGreaterThanOrEqual(2)
  })
})
