import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

describe('a client aborting an upload mid-stream', () => {
  let t: TestApp
  let token: string
  let base: string
  let root: string
  let library: Library
  const staged = () => fs.readdirSync(root).filter((n) => n.startsWith('.shelfcast-upload-'))

  beforeAll(async () => {
    root = path.join(tempDir('shelfcast-upload-abort-'), 'books')
    fs.mkdirSync(root, { recursive: true })
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
    base = await t.listen()
  })
  afterAll(async () => t?.close())

  it('is logged below error level and leaves no staged files', async () => {
    const boundary = '----shelfcastabort'
    const head = [
      ...Object.entries({
        library: library.id,
        folder: library.folders[0]!.id,
        title: 'Aborted',
        author: 'Someone',
      }).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="part.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ].join('')
    const request = http.request(`${base}/api/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // Announces far more than is ever sent, as a browser does for a large file.
        'content-length': String(head.length + 50 * 1024 * 1024),
      },
    })
    const closed = new Promise<void>((resolve) =>
      request.on('error', () => resolve()).on('close', () => resolve()),
    )
    request.write(head)
    request.write(Buffer.alloc(256 * 1024, 1))
    // The server has started writing the file into its staging folder.
    await expect.poll(() => staged().length, { timeout: 5000 }).toBe(1)
    request.destroy()
    await closed

    // The server notices, removes the staging folder and logs the abort as info.
    await expect.poll(() => staged(), { timeout: 5000 }).toEqual([])
    await expect
      .poll(() => t.logs.lines().some((l) => /abort/i.test(l.msg ?? '')), { timeout: 5000 })
      .toBe(true)
    expect(t.logs.errors()).toEqual([])
    expect(fs.readdirSync(root)).toEqual([])
  })
})
