import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

/** The entry names of a zip. */
function zipEntries(data: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'))
      const names: string[] = []
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName)
        zip.readEntry()
      })
      zip.on('end', () => resolve(names.sort()))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

describe('downloads', () => {
  let t: TestApp
  let token: string
  let library: Library
  const id = async (rel: string) => {
    const item = (await itemsOf(t, library.id)).get(rel)
    if (!item) throw new Error(`no item ${rel}`)
    return item.id
  }

  beforeAll(async () => {
    const dir = tempDir('shelfcast-download-')
    const root = path.join(dir, 'books')
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

  it('sends a single-file item as the file, and a folder item as a zip of its files', async () => {
    const loose = await t.inject({
      method: 'GET',
      url: `/api/items/${await id(BOOKS.loose)}/download?token=${token}`,
    })
    expect(loose.statusCode).toBe(200)
    expect(loose.headers['content-disposition']).toMatch(/^attachment; filename="Loose Book.mp3"/)

    const discs = await t.inject({
      method: 'GET',
      url: `/api/items/${await id(BOOKS.discs)}/download`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(discs.headers['content-type']).toBe('application/zip')
    const names = await zipEntries(discs.rawPayload)
    expect(names.length).toBeGreaterThan(1)
    expect(names.every((n) => !n.startsWith('/') && !n.includes('..'))).toBe(true)
  })

  it('zips several items of a library, each in its own folder, at most 40', async () => {
    const ids = [await id(BOOKS.mort), await id(BOOKS.earthsea)]
    const res = await t.inject({
      method: 'GET',
      url: `/api/libraries/${library.id}/download?ids=${ids.join(',')}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    const tops = new Set((await zipEntries(res.rawPayload)).map((n) => n.split('/')[0]))
    expect([...tops].sort()).toEqual(['A Wizard of Earthsea', 'Book 4 - Mort'])

    const many = Array.from({ length: 41 }, (_, i) => `id-${i}`).join(',')
    const tooMany = await t.inject({
      method: 'GET',
      url: `/api/libraries/${library.id}/download?ids=${many}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect([tooMany.statusCode, tooMany.body]).toEqual([400, expect.stringMatching(/At most 40/)])
  })

  it('sends one file of an item as an attachment, as the apps download tracks', async () => {
    const mort = await id(BOOKS.mort)
    const item = (await t.call('GET', `/api/items/${mort}?expanded=1`, token)).json<{
      libraryFiles: { ino: string; metadata: { filename: string; size: number } }[]
    }>()
    const [file] = item.libraryFiles
    if (!file) throw new Error('no library file')
    const res = await t.inject({
      method: 'GET',
      url: `/api/items/${mort}/file/${file.ino}/download?token=${token}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/)
    expect(res.rawPayload.length).toBe(file.metadata.size)
    const unknown = await t.call('GET', `/api/items/${mort}/file/no-such-ino/download`, token)
    expect([unknown.statusCode, unknown.body]).toEqual([404, 'File not found'])
  })

  it('needs the download permission', async () => {
    await t.createUser(token, { username: 'nodl', password: 'pw', permissions: { download: false } })
    const user = (await t.login('nodl', 'pw')).accessToken
    const mort = await id(BOOKS.mort)
    expect((await t.call('GET', `/api/items/${mort}/download`, user)).statusCode).toBe(403)
    expect((await t.call('GET', `/api/libraries/${library.id}/download?ids=${mort}`, user)).statusCode).toBe(
      403,
    )
    expect((await t.call('GET', `/api/items/${mort}/file/any/download`, user)).statusCode).toBe(403)
  })
})
