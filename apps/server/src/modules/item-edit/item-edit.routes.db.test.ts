import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem, UpdateMediaResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import { HOSTILE_DESCRIPTION, HOSTILE_DESCRIPTION_SANITISED } from '../../test-support/hostile-markup.ts'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { bookMedia } from '../../test-support/media-of.ts'

const bookOf = (item: LibraryItem | undefined) => {
  if (!item) throw new Error('item not found')
  return bookMedia(item)
}

describe('editing items', () => {
  let t: TestApp
  let token: string
  let root: string
  let library: Library
  const item = async (rel: string) => {
    const found = (await itemsOf(t, library.id)).get(rel)
    if (!found) throw new Error(`no item at ${rel}`)
    return found
  }
  const patch = (id: string, body: unknown, as = token) => t.call('PATCH', `/api/items/${id}/media`, as, body)

  beforeAll(async () => {
    const dir = tempDir('shelfcast-edit-')
    root = path.join(dir, 'books')
    await makeBookLibrary(root, path.join(dir, 'work'))
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
  })
  afterAll(async () => t?.close())

  it('saves metadata edits that survive a forced rescan (stored in the metadata folder)', async () => {
    const mort = await item(BOOKS.mort)
    const res = await patch(mort.id, {
      metadata: {
        title: 'Mort (Edited)',
        subtitle: '',
        authors: [{ name: 'Terry Pratchett' }, { name: 'New Coauthor' }],
        narrators: ['Someone Else'],
        series: [
          { name: 'Discworld', sequence: '4' },
          { name: 'Death', sequence: '1' },
        ],
        genres: [],
        description: 'Edited description',
        explicit: true,
      },
      tags: ['edited'],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<UpdateMediaResponse>()
    expect(body.updated).toBe(true)
    expect(bookOf(body.libraryItem).metadata).toMatchObject({
      title: 'Mort (Edited)',
      subtitle: null,
      narrators: ['Someone Else'],
      genres: [],
    })

    const stored = path.join(t.config.metadataPath, 'items', mort.id, 'metadata.json')
    expect(JSON.parse(fs.readFileSync(stored, 'utf8'))).toMatchObject({
      title: 'Mort (Edited)',
      series: ['Discworld #4', 'Death #1'],
      genres: [],
    })
    expect(fs.existsSync(path.join(root, BOOKS.mort, 'metadata.json'))).toBe(false) // the user's folder is left alone

    await settle(t, library.id, true)
    const after = bookOf(await item(BOOKS.mort))
    expect(after.metadata).toMatchObject({
      title: 'Mort (Edited)',
      subtitle: null,
      authors: [{ name: 'Terry Pratchett' }, { name: 'New Coauthor' }],
      narrators: ['Someone Else'],
      genres: [],
      description: 'Edited description',
      explicit: true,
    })
    // Series have no stored order of their own (item_series); compare as a set.
    expect([...after.metadata.series].sort((a, b) => a.name.localeCompare(b.name))).toMatchObject([
      { name: 'Death', sequence: '1' },
      { name: 'Discworld', sequence: '4' },
    ])
    expect(after.tags).toEqual(['edited'])
    // The new series and author are browsable like scanned ones.
    const series = await t.call('GET', `/api/libraries/${library.id}/series`, token)
    expect(series.body).toContain('Death')
    expect((await t.call('GET', `/api/items/${mort.id}`, token)).json<LibraryItem>().media).toBeTruthy()
  })

  it('sanitises an edited description (one edit and a batch) in the answer, the row and metadata.json', async () => {
    const [hostile, clean] = [HOSTILE_DESCRIPTION, HOSTILE_DESCRIPTION_SANITISED]
    const discs = await item(BOOKS.discs)
    const res = await patch(discs.id, { metadata: { description: hostile } })
    expect(bookOf(res.json<UpdateMediaResponse>().libraryItem).metadata.description).toBe(clean)
    const stored = path.join(t.config.metadataPath, 'items', discs.id, 'metadata.json')
    expect(JSON.parse(fs.readFileSync(stored, 'utf8'))).toMatchObject({ description: clean })
    // Saving the clean text again is no change.
    expect(
      (await patch(discs.id, { metadata: { description: clean } })).json<UpdateMediaResponse>().updated,
    ).toBe(false)

    const batch = await t.call('POST', '/api/items/batch/update', token, [
      { id: discs.id, mediaPayload: { metadata: { description: `${hostile} again` } } },
    ])
    expect(batch.statusCode).toBe(200)
    const expanded = (await t.call('GET', `/api/items/${discs.id}?expanded=1`, token)).json<LibraryItem>()
    expect(bookOf(expanded).metadata).toMatchObject({
      description: `${clean} again`,
      descriptionPlain: 'xok\nlink again',
    })
  })

  it('answers updated: false when nothing changes', async () => {
    const earthsea = await item(BOOKS.earthsea)
    const same = bookOf(earthsea).metadata.title
    expect(
      (await patch(earthsea.id, { metadata: { title: same } })).json<UpdateMediaResponse>().updated,
    ).toBe(false)
  })

  it('writes metadata.json with the item when the server stores metadata with items', async () => {
    expect((await t.call('PATCH', '/api/settings', token, { storeMetadataWithItem: true })).statusCode).toBe(
      200,
    )
    const discs = await item(BOOKS.discs)
    expect((await patch(discs.id, { metadata: { publisher: 'Edited House' } })).statusCode).toBe(200)
    expect(JSON.parse(fs.readFileSync(path.join(root, BOOKS.discs, 'metadata.json'), 'utf8'))).toMatchObject({
      publisher: 'Edited House',
    })
    await settle(t, library.id, true)
    expect(bookOf(await item(BOOKS.discs)).metadata.publisher).toBe('Edited House')
    await t.call('PATCH', '/api/settings', token, { storeMetadataWithItem: false })
  })

  it('saves chapters by the §5 rules and keeps them across rescans', async () => {
    const mort = await item(BOOKS.mort)
    const duration = bookOf(mort).duration
    const bad: [unknown[], RegExp][] = [
      [[{ start: 1, title: 'A' }], /start at 0/],
      [
        [
          { start: 0, title: 'A' },
          { start: duration + 5, title: 'B' },
        ],
        /after the end/,
      ],
      [
        [
          { start: 0, title: 'A' },
          { start: 2, title: 'B' },
          { start: 1, title: 'C' },
        ],
        /before the chapter above/,
      ],
      [[{ start: 0, title: '  ' }], /title is required/],
    ]
    for (const [chapters, message] of bad) {
      const res = await t.call('POST', `/api/items/${mort.id}/chapters`, token, { chapters })
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(message)])
    }
    const good = await t.call('POST', `/api/items/${mort.id}/chapters`, token, {
      chapters: [
        { start: 0, title: 'Intro' },
        { start: 1, title: 'Main' },
      ],
    })
    expect(good.json()).toEqual({ success: true, updated: true })
    await settle(t, library.id, true)
    expect(bookOf(await item(BOOKS.mort)).chapters).toEqual([
      { id: 0, start: 0, end: 1, title: 'Intro' },
      { id: 1, start: 1, end: duration, title: 'Main' },
    ])
  })

  it('refuses bad metadata with the spec messages and changes nothing', async () => {
    const mort = await item(BOOKS.mort)
    const before = JSON.stringify(await item(BOOKS.mort))
    const cases: [unknown, RegExp][] = [
      [{ metadata: { title: '  ' } }, /Title is required/],
      [{ metadata: { series: [{ name: 'S', sequence: '1 2' }] } }, /Series sequence cannot contain spaces/],
      [{ metadata: { series: [{ name: 'S' }, { name: 's' }] } }, /Cannot add two series with the same name/],
      [{ metadata: { authors: [{ name: '' }] } }, /Name is required/],
    ]
    for (const [body, message] of cases) {
      const res = await patch(mort.id, body)
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(message)])
    }
    expect(JSON.stringify(await item(BOOKS.mort))).toBe(before)
    expect((await patch('no-such-item', { metadata: { title: 'x' } })).statusCode).toBe(404)
  })

  it('updates many books in one batch, or none when one of them cannot be edited', async () => {
    const [a, b] = [await item(BOOKS.earthsea), await item(BOOKS.withJson)]
    const ok = await t.call('POST', '/api/items/batch/update', token, [
      { id: a.id, mediaPayload: { metadata: { publisher: 'Batch House' } } },
      { id: b.id, mediaPayload: { metadata: { publisher: 'Batch House' }, tags: ['batched'] } },
    ])
    expect(ok.json()).toEqual({ success: true, updates: 2 })
    expect(bookOf(await item(BOOKS.withJson)).metadata.publisher).toBe('Batch House')
    expect((await item(BOOKS.withJson)).media.tags).toEqual(['batched'])
    const refused = await t.call('POST', '/api/items/batch/update', token, [
      { id: a.id, mediaPayload: { metadata: { publisher: 'Never' } } },
      { id: 'no-such-item', mediaPayload: { metadata: { publisher: 'Never' } } },
    ])
    expect(refused.statusCode).toBe(404)
    expect(bookOf(await item(BOOKS.earthsea)).metadata.publisher).toBe('Batch House')
  })

  it('needs the update and delete permissions, on the server', async () => {
    await t.createUser(token, {
      username: 'viewer',
      password: 'pw',
      permissions: { update: false, delete: false },
    })
    const viewer = (await t.login('viewer', 'pw')).accessToken
    const earthsea = await item(BOOKS.earthsea)
    expect((await patch(earthsea.id, { metadata: { title: 'Nope' } }, viewer)).statusCode).toBe(403)
    expect(
      (await t.call('POST', `/api/items/${earthsea.id}/chapters`, viewer, { chapters: [] })).statusCode,
    ).toBe(403)
    expect((await t.call('DELETE', `/api/items/${earthsea.id}`, viewer)).statusCode).toBe(403)
    expect(
      (await t.call('POST', '/api/items/batch/delete', viewer, { libraryItemIds: [earthsea.id] })).statusCode,
    ).toBe(403)
  })

  it('authorises every id of a batch delete or update before writing: items the caller cannot see are untouched', async () => {
    await t.createUser(token, {
      username: 'outsider',
      password: 'pw',
      permissions: { accessAllLibraries: false, update: true, delete: true },
      librariesAccessible: [],
    })
    const outsider = (await t.login('outsider', 'pw')).accessToken
    const earthsea = await item(BOOKS.earthsea)
    expect(
      (await t.call('POST', '/api/items/batch/delete?hard=1', outsider, { libraryItemIds: [earthsea.id] }))
        .statusCode,
    ).toBe(404)
    expect((await t.call('DELETE', `/api/items/${earthsea.id}`, outsider)).statusCode).toBe(404)
    const update = await t.call('POST', '/api/items/batch/update', outsider, [
      { id: earthsea.id, mediaPayload: { metadata: { title: 'Taken' } } },
    ])
    expect(update.statusCode).toBe(404)
    expect(fs.existsSync(path.join(root, BOOKS.earthsea))).toBe(true)
    expect(bookOf(await item(BOOKS.earthsea)).metadata.title).toBe(bookOf(earthsea).metadata.title)
  })

  it('deletes an item from the database only, or with its files when hard', async () => {
    const loose = await item(BOOKS.loose)
    expect((await t.call('DELETE', `/api/items/${loose.id}`, token)).statusCode).toBe(200)
    expect((await t.call('GET', `/api/items/${loose.id}`, token)).statusCode).toBe(404)
    expect(fs.existsSync(path.join(root, BOOKS.loose))).toBe(true)

    const ebook = await item(BOOKS.ebookOnly)
    const res = await t.call('POST', '/api/items/batch/delete?hard=1', token, { libraryItemIds: [ebook.id] })
    expect(res.statusCode).toBe(200)
    expect(fs.existsSync(path.join(root, BOOKS.ebookOnly))).toBe(false)
    expect(fs.existsSync(root)).toBe(true)
  })
})

describe('DELETE /api/libraries/:id/issues', () => {
  it("removes the library's missing and invalid items only, for admins", async () => {
    const { t, root } = await createInitialisedApp()
    try {
      const fx = new ItemFixtures(t.ctx.database.db)
      const library = (await fx.library({ folder: path.join(t.dir, 'media', 'books') })).id
      const other = (
        await fx.library({ name: 'Other', folder: path.join(t.dir, 'media', 'other'), displayOrder: 2 })
      ).id
      await fx.item(library, { title: 'Sound' })
      await fx.item(library, { title: 'Gone', isMissing: true })
      await fx.item(library, { title: 'Broken', isInvalid: true, invalidReason: 'a.epub: not a zip' })
      await fx.item(other, { title: 'Elsewhere', isMissing: true })
      const titles = async (id: string) =>
        (await t.call('GET', `/api/libraries/${id}/items`, root.accessToken))
          .json<{ results: { media: { metadata: { title: string } } }[] }>()
          .results.map((r) => r.media.metadata.title)

      await t.createUser(root.accessToken, { username: 'plain', password: 'plain-password' })
      const plain = (await t.login('plain', 'plain-password')).accessToken
      expect((await t.call('DELETE', `/api/libraries/${library}/issues`, plain)).statusCode).toBe(403)

      const res = await t.call('DELETE', `/api/libraries/${library}/issues`, root.accessToken)
      expect([res.statusCode, res.body]).toEqual([200, 'OK'])
      expect(await titles(library)).toEqual(['Sound'])
      expect(await titles(other)).toEqual(['Elsewhere'])
      expect((await t.call('DELETE', `/api/libraries/${library}/issues`, root.accessToken)).statusCode).toBe(
        200,
      )
      expect((await t.call('DELETE', '/api/libraries/nope/issues', root.accessToken)).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
