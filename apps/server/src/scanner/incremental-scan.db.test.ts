import fs from 'node:fs'
import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from './test-library.ts'
import { bookMedia } from '../test-support/media-of.ts'

describe('incremental rescans', () => {
  let t: TestApp
  let token: string
  let root: string
  let library: Library
  const probes = () => t.ctx.scanner.scans.probeCounter.count

  beforeAll(async () => {
    const dir = tempDir('shelfcast-inc-')
    root = path.join(dir, 'books')
    await makeBookLibrary(root, path.join(dir, 'work'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
  })
  afterAll(async () => t?.close())

  it('skips unchanged items without reading a single tag', async () => {
    const before = probes()
    const results = await settle(t, library.id)
    expect(results).toMatchObject({ added: 0, updated: 0, missing: 0 })
    expect(probes()).toBe(before)
  })

  it('re-reads every file on a forced scan, keeping ids', async () => {
    const idsBefore = [...(await itemsOf(t, library.id)).values()].map((i) => i.id).sort()
    const before = probes()
    const results = await settle(t, library.id, true)
    expect(results?.updated).toBe(idsBefore.length)
    // mort 1 + earthsea 3 + loose 1 + withJson 1 + discs 2 (the epub has no audio)
    expect(probes() - before).toBe(8)
    const idsAfter = [...(await itemsOf(t, library.id)).values()].map((i) => i.id).sort()
    expect(idsAfter).toEqual(idsBefore)
  })

  it('re-reads only the item whose files changed', async () => {
    const before = probes()
    fs.writeFileSync(path.join(root, BOOKS.withJson, 'desc.txt'), 'A new description')
    const results = await settle(t, library.id)
    expect(results).toMatchObject({ added: 0, updated: 1, missing: 0 })
    expect(probes() - before).toBe(1)
    const media = bookMedia((await itemsOf(t, library.id)).get(BOOKS.withJson))
    expect(media.metadata.description).toBe('A new description')
  })

  it('flags a removed folder missing, never deletes it, and clears the flag when it returns', async () => {
    const away = path.join(path.dirname(root), 'away')
    fs.renameSync(path.join(root, 'Disc Author'), away)
    const results = await settle(t, library.id)
    expect(results?.missing).toBe(1)
    const missing = (await itemsOf(t, library.id)).get(BOOKS.discs)
    expect(missing?.isMissing).toBe(true)

    const filter = await t.ctx.database.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', library.id)
      .where((eb) => eb.or([eb('is_missing', '=', 1), eb('is_invalid', '=', 1)]))
      .execute()
    expect(filter.map((r) => r.id)).toEqual([missing?.id])

    fs.renameSync(away, path.join(root, 'Disc Author'))
    const before = probes()
    const back = await settle(t, library.id)
    expect(back?.updated).toBe(1)
    expect(probes()).toBe(before)
    expect((await itemsOf(t, library.id)).get(BOOKS.discs)?.isMissing).toBe(false)
  })

  it('keeps the id of a folder moved within the library (same inode)', async () => {
    const id = (await itemsOf(t, library.id)).get(BOOKS.earthsea)?.id
    fs.mkdirSync(path.join(root, 'Ursula K. Le Guin'))
    fs.renameSync(path.join(root, BOOKS.earthsea), path.join(root, 'Ursula K. Le Guin', 'Earthsea One'))
    const results = await settle(t, library.id)
    expect(results).toMatchObject({ added: 0, missing: 0 })
    const moved = (await itemsOf(t, library.id)).get('Ursula K. Le Guin/Earthsea One')
    expect(moved?.id).toBe(id)
    expect(bookMedia(moved).metadata.title).toBe('A Wizard of Earthsea')
  })

  it('adds a new book dropped in', async () => {
    await makeAudio({
      path: path.join(root, 'New Author', 'New Book', 'new.mp3'),
      durationSec: 1,
      tags: { title: 'Fresh' },
    })
    const before = probes()
    const results = await settle(t, library.id)
    expect(results).toMatchObject({ added: 1, updated: 0 })
    expect(probes() - before).toBe(1)
    const item = (await itemsOf(t, library.id)).get('New Author/New Book')
    expect(bookMedia(item).metadata.authors.map((a) => a.name)).toEqual(['New Author'])
  })

  it('rescans one item through the API', async () => {
    const item = (await itemsOf(t, library.id)).get(BOOKS.mort)
    const same = await t.call('POST', `/api/items/${item?.id}/scan`, token)
    expect(same.statusCode).toBe(200)
    expect(same.json()).toEqual({ result: 'UPTODATE' })

    fs.writeFileSync(path.join(root, BOOKS.mort, 'desc.txt'), 'Death takes an apprentice')
    const changed = await t.call('POST', `/api/items/${item?.id}/scan`, token)
    expect(changed.json()).toEqual({ result: 'UPDATED' })
    const media = bookMedia((await itemsOf(t, library.id)).get(BOOKS.mort))
    expect(media.metadata.description).toBe('Death takes an apprentice')

    fs.rmSync(path.join(root, BOOKS.mort), { recursive: true })
    expect((await t.call('POST', `/api/items/${item?.id}/scan`, token)).json()).toEqual({ result: 'REMOVED' })
    expect((await t.call('POST', `/api/items/${item?.id}/scan`, token)).json()).toEqual({ result: 'NOTHING' })
    expect((await t.call('POST', '/api/items/no-such-item/scan', token)).statusCode).toBe(404)
  })
})
