import fs from 'node:fs'
import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { sleep } from '../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { createLibrary, itemsOf } from './test-library.ts'
import { bookMedia } from '../test-support/media-of.ts'

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const v = await check()
    if (v !== undefined) return v
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('file watcher', () => {
  let t: TestApp
  let token: string
  let root: string
  let sample: string
  let library: Library
  const libraryScans = () =>
    t.ctx.tasks.list().filter((x) => x.action === 'library-scan' && x.data.libraryId === library.id).length

  beforeAll(async () => {
    const dir = tempDir('shelfcast-watch-')
    root = path.join(dir, 'books')
    sample = await makeAudio({
      path: path.join(dir, 'sample.mp3'),
      durationSec: 1,
      tags: { title: 'Watched' },
    })
    fs.mkdirSync(path.join(root, 'Author', 'First Book'), { recursive: true })
    fs.copyFileSync(sample, path.join(root, 'Author', 'First Book', 'a.mp3'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    t.ctx.scanner.watcher.debounceMs = 300
    library = await createLibrary(t, token, { name: 'Watched', folders: [{ fullPath: root }] })
    await (
      await t.ctx.scanner.scans.scanLibrary(library.id)
    ).done
    await waitFor(async () => (t.ctx.scanner.watcher.isWatching(library.id) ? true : undefined), 'watcher')
    await t.ctx.scanner.watcher.whenReady(library.id)
  })
  afterAll(async () => t?.close())

  it('adds a new book after the quiet period, reading only its files, without a library scan', async () => {
    const scansBefore = libraryScans()
    const probesBefore = t.ctx.scanner.scans.probeCounter.count
    const target = path.join(root, 'Author', 'Second Book')
    fs.mkdirSync(target)
    fs.copyFileSync(sample, path.join(target, 'b.mp3'))
    const item = await waitFor(
      async () => (await itemsOf(t, library.id)).get('Author/Second Book'),
      'new item',
    )
    expect(bookMedia(item).audioFiles).toHaveLength(1)
    expect(t.ctx.scanner.scans.probeCounter.count - probesBefore).toBe(1)
    expect(libraryScans()).toBe(scansBefore)
  })

  it('follows a renamed folder, keeping the item id', async () => {
    const before = (await itemsOf(t, library.id)).get('Author/First Book')
    fs.renameSync(path.join(root, 'Author', 'First Book'), path.join(root, 'Author', 'Renamed Book'))
    const moved = await waitFor(
      async () => (await itemsOf(t, library.id)).get('Author/Renamed Book'),
      'renamed item',
    )
    expect(moved.id).toBe(before?.id)
    expect(moved.isMissing).toBe(false)
    expect((await itemsOf(t, library.id)).has('Author/First Book')).toBe(false)
  })

  it('flags a deleted folder missing', async () => {
    fs.rmSync(path.join(root, 'Author', 'Second Book'), { recursive: true })
    const gone = await waitFor(async () => {
      const item = (await itemsOf(t, library.id)).get('Author/Second Book')
      return item?.isMissing ? item : undefined
    }, 'missing flag')
    expect(gone.isMissing).toBe(true)
  })

  it('takes change notices from POST /api/watcher/update', async () => {
    t.ctx.scanner.watcher.sync([]) // no chokidar: the notice alone must do it
    await sleep(50)
    const target = path.join(root, 'Notified', 'Book')
    fs.mkdirSync(target, { recursive: true })
    fs.copyFileSync(sample, path.join(target, 'c.mp3'))
    const res = await t.call('POST', '/api/watcher/update', token, {
      libraryId: library.id,
      path: path.join(target, 'c.mp3'),
      type: 'add',
    })
    expect(res.statusCode).toBe(200)
    await waitFor(async () => (await itemsOf(t, library.id)).get('Notified/Book'), 'notified item')
  })

  it('survives its library folder disappearing', async () => {
    await t.ctx.scanner.reconcile()
    await t.ctx.scanner.watcher.whenReady(library.id)
    fs.rmSync(root, { recursive: true })
    await waitFor(async () => {
      const items = [...(await itemsOf(t, library.id)).values()]
      return items.every((i) => i.isMissing) ? true : undefined
    }, 'all missing')
    const res = await t.call('GET', '/api/libraries', token)
    expect(res.statusCode).toBe(200)
  })
})

describe('watchers follow library edits at once', () => {
  it('watches a folder added by PATCH and stops watching a deleted library', async () => {
    const dir = tempDir('shelfcast-watch-edit-')
    const [first, second] = [path.join(dir, 'first'), path.join(dir, 'second')]
    fs.mkdirSync(first)
    fs.mkdirSync(second)
    const sample = await makeAudio({
      path: path.join(dir, 'sample.mp3'),
      durationSec: 1,
      tags: { title: 'Edited' },
    })
    const { t, root } = await createInitialisedApp()
    try {
      t.ctx.scanner.watcher.debounceMs = 200
      const token = root.accessToken
      const library = await createLibrary(t, token, { name: 'Edited', folders: [{ fullPath: first }] })
      await waitFor(async () => (t.ctx.scanner.watcher.isWatching(library.id) ? true : undefined), 'watcher')
      const patched = await t.call('PATCH', `/api/libraries/${library.id}`, token, {
        folders: [...library.folders, { fullPath: second }],
      })
      expect(patched.statusCode).toBe(200)
      // Well before the periodic reconcile (60 s): the PATCH itself put a watcher on the new folder.
      await waitFor(
        async () => (t.ctx.scanner.watcher.watchedFolders(library.id) >= 2 ? true : undefined),
        'second folder watched',
        3000,
      )
      await t.ctx.scanner.watcher.whenReady(library.id)
      fs.mkdirSync(path.join(second, 'Author', 'Book'), { recursive: true })
      fs.copyFileSync(sample, path.join(second, 'Author', 'Book', 'a.mp3'))
      await waitFor(async () => (await itemsOf(t, library.id)).get('Author/Book'), 'item in the added folder')

      const removed = await t.call('DELETE', `/api/libraries/${library.id}`, token)
      expect(removed.statusCode).toBe(200)
      expect(t.ctx.scanner.watcher.isWatching(library.id)).toBe(false)
    } finally {
      await t.close()
    }
  })

  it('stops every watcher while the server setting disables the watcher, and resumes when it is cleared', async () => {
    const dir = tempDir('shelfcast-watch-setting-')
    const { t, root } = await createInitialisedApp()
    try {
      const token = root.accessToken
      const library = await createLibrary(t, token, { name: 'Setting', folders: [{ fullPath: dir }] })
      await waitFor(async () => (t.ctx.scanner.watcher.isWatching(library.id) ? true : undefined), 'watcher')
      expect(
        (await t.call('PATCH', '/api/settings', token, { scannerDisableWatcher: true })).statusCode,
      ).toBe(200)
      await waitFor(
        async () => (t.ctx.scanner.watcher.isWatching(library.id) ? undefined : true),
        'no watcher',
        3000,
      )
      // A library edit does not bring it back while the setting is on.
      await t.call('PATCH', `/api/libraries/${library.id}`, token, { name: 'Renamed' })
      await sleep(300)
      expect(t.ctx.scanner.watcher.isWatching(library.id)).toBe(false)
      expect(
        (await t.call('PATCH', '/api/settings', token, { scannerDisableWatcher: false })).statusCode,
      ).toBe(200)
      await waitFor(
        async () => (t.ctx.scanner.watcher.isWatching(library.id) ? true : undefined),
        'watcher again',
        3000,
      )
    } finally {
      await t.close()
    }
  })
})
