import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCoverImage } from '../../../../../scripts/media/index.ts'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import { startLocalHttpServer, type LocalHttpServer } from '../../test-support/local-http-server.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

/** A multipart/form-data body with one file part. */
function multipartBody(field: string, filename: string, data: Buffer) {
  const boundary = `----shelfcast${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

describe('item covers', () => {
  let t: TestApp
  let token: string
  let library: Library
  let png: Buffer
  let host: LocalHttpServer
  const item = async (rel: string): Promise<LibraryItem> => {
    const found = (await itemsOf(t, library.id)).get(rel)
    if (!found) throw new Error(`no item at ${rel}`)
    return found
  }

  beforeAll(async () => {
    const dir = tempDir('shelfcast-cover-')
    const root = path.join(dir, 'books')
    await makeBookLibrary(root, path.join(dir, 'work'))
    png = fs.readFileSync(
      await makeCoverImage({ path: path.join(dir, 'new.png'), width: 40, height: 60, colour: '#aa3300' }),
    )
    host = await startLocalHttpServer((req, res) => {
      if (req.url === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>')
    })
    const app = await createInitialisedApp({ env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' } })
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
  afterAll(async () => {
    await host?.close()
    await t?.close()
  })

  it('takes an uploaded image, which a forced rescan keeps over the folder image', async () => {
    const mort = await item(BOOKS.mort)
    const { payload, contentType } = multipartBody('cover', 'new.png', png)
    const res = await t.inject({
      method: 'POST',
      url: `/api/items/${mort.id}/cover`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
    expect(res.statusCode).toBe(200)
    const cover = res.json<{ cover: string }>().cover
    expect(path.basename(cover)).toBe('user-cover.png')
    await settle(t, library.id, true)
    expect((await item(BOOKS.mort)).media.coverPath).toBe(cover)
    const served = await t.inject({ method: 'GET', url: `/api/items/${mort.id}/cover?raw=1` })
    expect(served.rawPayload.equals(png)).toBe(true)
  })

  it('with "store covers with item" on, writes the cover into the item folder, where a rescan finds it', async () => {
    const setting = (on: boolean) => t.call('PATCH', '/api/settings', token, { storeCoverWithItem: on })
    expect((await setting(true)).statusCode).toBe(200)
    try {
      const withJson = await item(BOOKS.withJson)
      const { payload, contentType } = multipartBody('cover', 'new.png', png)
      const res = await t.inject({
        method: 'POST',
        url: `/api/items/${withJson.id}/cover`,
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      })
      expect(res.statusCode).toBe(200)
      const cover = res.json<{ cover: string }>().cover
      expect(cover).toBe(path.join(withJson.path, 'cover.png'))
      expect(fs.readFileSync(cover).equals(png)).toBe(true)
      // Nothing in the metadata folder.
      expect(fs.existsSync(path.join(t.config.metadataPath, 'items', withJson.id, 'user-cover.png'))).toBe(
        false,
      )
      await settle(t, library.id, true)
      expect((await item(BOOKS.withJson)).media.coverPath).toBe(cover)
    } finally {
      await setting(false)
    }
  })

  it('downloads an image URL through the guarded fetcher, and refuses what is not an image or not allowed', async () => {
    const earthsea = await item(BOOKS.earthsea)
    const ok = await t.call('POST', `/api/items/${earthsea.id}/cover`, token, {
      url: `${host.origin('localhost')}/cover.png`,
    })
    expect(ok.statusCode).toBe(200)
    for (const url of [
      `${host.origin('localhost')}/page`,
      `${host.origin('127.0.0.1')}/cover.png`,
      'file:///etc/passwd',
      'http://169.254.169.254/latest',
    ]) {
      const res = await t.call('POST', `/api/items/${earthsea.id}/cover`, token, { url })
      expect([url, res.statusCode]).toEqual([url, 400])
    }
    expect((await item(BOOKS.earthsea)).media.coverPath).toBe(ok.json<{ cover: string }>().cover)
  })

  it("refuses an upload that is not an image, and a cover path that is not one of the item's images", async () => {
    const discs = await item(BOOKS.discs)
    const { payload, contentType } = multipartBody(
      'cover',
      'evil.png',
      Buffer.from('<svg onload="alert(1)"></svg>'),
    )
    const res = await t.inject({
      method: 'POST',
      url: `/api/items/${discs.id}/cover`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
    expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(/not a JPEG, PNG, WebP or GIF/)])
    const patched = await t.call('PATCH', `/api/items/${discs.id}/cover`, token, { cover: '/etc/passwd' })
    expect(patched.statusCode).toBe(400)
  })

  it('removes a cover, and needs the upload / update permissions', async () => {
    const mort = await item(BOOKS.mort)
    expect((await t.call('DELETE', `/api/items/${mort.id}/cover`, token)).statusCode).toBe(200)
    expect((await item(BOOKS.mort)).media.coverPath).toBeNull()
    await t.createUser(token, {
      username: 'nouploads',
      password: 'pw',
      permissions: { upload: false, update: false },
    })
    const user = (await t.login('nouploads', 'pw')).accessToken
    expect(
      (
        await t.call('POST', `/api/items/${mort.id}/cover`, user, {
          url: `${host.origin('localhost')}/cover.png`,
        })
      ).statusCode,
    ).toBe(403)
    expect((await t.call('DELETE', `/api/items/${mort.id}/cover`, user)).statusCode).toBe(403)
  })
})
