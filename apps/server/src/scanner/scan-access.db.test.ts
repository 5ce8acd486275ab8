import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { createLibrary } from './test-library.ts'

describe('item scans by an admin limited by tags', () => {
  let t: TestApp
  let root: LoggedIn
  let admin: LoggedIn
  let folder: string
  const ids: Record<'kids' | 'adult', string> = { kids: '', adult: '' }

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    folder = path.join(tempDir('shelfcast-scan-access-'), 'books')
    for (const [name, tags] of [
      ['Kids Book', ['kids']],
      ['Adult Book', ['adult']],
    ] as const) {
      const dir = path.join(folder, 'Author', name)
      await makeAudio({ path: path.join(dir, 'audio.mp3'), durationSec: 1 })
      fs.writeFileSync(path.join(dir, 'metadata.json'), JSON.stringify({ title: name, tags }))
    }
    const lib = await createLibrary(t, root.accessToken, {
      name: 'Tagged',
      folders: [{ fullPath: folder }],
      settings: { disableWatcher: true },
    })
    await (
      await t.ctx.scanner.scans.scanLibrary(lib.id)
    ).done
    const rows = await t.ctx.database.db.selectFrom('library_items').select(['id', 'title']).execute()
    ids.kids = rows.find((r) => r.title === 'Kids Book')?.id ?? ''
    ids.adult = rows.find((r) => r.title === 'Adult Book')?.id ?? ''
    await t.createUser(root.accessToken, {
      username: 'kids-admin',
      password: 'pw',
      type: 'admin',
      permissions: { accessAllTags: false },
      itemTagsSelected: ['kids'],
    })
    admin = await t.login('kids-admin', 'pw')
  })
  afterAll(() => t.close())

  /** Gives both books a new description on disk, which only a rescan brings into the database. */
  const describeOnDisk = (text: string) => {
    for (const name of ['Kids Book', 'Adult Book'])
      fs.writeFileSync(path.join(folder, 'Author', name, 'desc.txt'), text)
  }
  const descriptions = async () => {
    const rows = await t.ctx.database.db.selectFrom('library_items').select(['id', 'description']).execute()
    return Object.fromEntries(rows.map((r) => [r.id === ids.kids ? 'kids' : 'adult', r.description]))
  }

  it('answers 404 for a book outside the tags, as for a missing one, and does not rescan it', async () => {
    describeOnDisk('single')
    const hidden = await t.call('POST', `/api/items/${ids.adult}/scan`, admin.accessToken)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).toBe((await t.call('POST', '/api/items/no-such-item/scan', admin.accessToken)).body)
    expect((await descriptions()).adult).not.toBe('single')

    const seen = await t.call('POST', `/api/items/${ids.kids}/scan`, admin.accessToken)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toEqual({ result: 'UPDATED' })
    expect((await descriptions()).kids).toBe('single')
  })

  it('refuses a batch holding one book outside the tags before scanning any of them', async () => {
    describeOnDisk('batch')
    const mixed = await t.call('POST', '/api/items/batch/scan', admin.accessToken, {
      libraryItemIds: [ids.kids, ids.adult],
    })
    expect(mixed.statusCode).toBe(404)
    // A batch scan would start its task before the route answers: none was started, nothing changed.
    expect(t.ctx.tasks.list().filter((task) => task.action === 'scan-item')).toEqual([])
    expect(await descriptions()).toEqual({ kids: 'single', adult: null })

    // Root sees both, and the same batch is scanned.
    expect(
      (
        await t.call('POST', '/api/items/batch/scan', root.accessToken, {
          libraryItemIds: [ids.kids, ids.adult],
        })
      ).statusCode,
    ).toBe(200)
    await expect.poll(descriptions, { timeout: 10_000 }).toEqual({ kids: 'batch', adult: 'batch' })
  })
})
