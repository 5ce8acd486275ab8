import fs from 'node:fs'
import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { bookMedia } from '../../test-support/media-of.ts'

/** A multipart/form-data body: text fields first, then files. */
function form(fields: Record<string, string>, files: { name: string; data: Buffer }[]) {
  const boundary = `----shelfcastupload${Date.now()}`
  const chunks: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  files.forEach((f, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${i}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  })
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('upload', () => {
  let t: TestApp
  let token: string
  let root: string
  let library: Library
  let audio: Buffer
  const post = (fields: Record<string, string>, files: { name: string; data: Buffer }[], as = token) => {
    const { payload, contentType } = form(fields, files)
    return t.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { authorization: `Bearer ${as}`, 'content-type': contentType },
    })
  }
  const base = () => ({ library: library.id, folder: library.folders[0]?.id ?? '' })
  const leftovers = () => fs.readdirSync(root).filter((n) => n.startsWith('.shelfcast-upload-'))

  beforeAll(async () => {
    const dir = tempDir('shelfcast-upload-')
    root = path.join(dir, 'books')
    fs.mkdirSync(path.join(root, 'Existing Author', 'Existing Book'), { recursive: true })
    audio = fs.readFileSync(
      await makeAudio({ path: path.join(dir, 'a.mp3'), durationSec: 1, tags: { title: 'Part' } }),
    )
    fs.writeFileSync(path.join(root, 'Existing Author', 'Existing Book', 'a.mp3'), audio)
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

  it('writes a two-file book to folder/author/series/title and scans it in', async () => {
    const res = await post({ ...base(), title: 'Uploaded Book', author: 'New Author', series: 'Saga' }, [
      { name: 'part 1.mp3', data: audio },
      { name: 'part 2.mp3', data: audio },
    ])
    expect(res.statusCode).toBe(200)
    expect(fs.readdirSync(path.join(root, 'New Author', 'Saga', 'Uploaded Book')).sort()).toEqual([
      'part 1.mp3',
      'part 2.mp3',
    ])
    const item = (await itemsOf(t, library.id)).get('New Author/Saga/Uploaded Book')
    expect(bookMedia(item).audioFiles).toHaveLength(2)
    // What the user typed names the book, not the files' own title tags.
    expect(bookMedia(item).metadata).toMatchObject({
      title: 'Uploaded Book',
      authors: [{ name: 'New Author' }],
      series: [{ name: 'Saga' }],
    })
    expect(leftovers()).toEqual([])
  })

  it('refuses what the spec refuses, leaving nothing behind', async () => {
    const cases: [Record<string, string>, { name: string; data: Buffer }[], RegExp][] = [
      [{ ...base(), title: '' }, [{ name: 'a.mp3', data: audio }], /Must have a title/],
      [
        { ...base(), title: 'Existing Book', author: 'Existing Author' },
        [{ name: 'a.mp3', data: audio }],
        /already exists on server/,
      ],
      [
        { ...base(), title: 'Inside', author: 'Existing Author', series: 'Existing Book' },
        [{ name: 'a.mp3', data: audio }],
        /using a subdirectory/,
      ],
      [
        { ...base(), title: 'Script' },
        [{ name: 'run.sh', data: Buffer.from('rm -rf /') }],
        /File type not allowed/,
      ],
      [
        { library: library.id, folder: 'nope', title: 'X' },
        [{ name: 'a.mp3', data: audio }],
        /Folder not found/,
      ],
    ]
    for (const [fields, files, message] of cases) {
      const res = await post(fields, files)
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(message)])
    }
    expect(fs.existsSync(path.join(root, 'Script'))).toBe(false)
    expect(leftovers()).toEqual([])
  })

  it('refuses a title, author or series that is a path, and keeps file names to their last part', async () => {
    const hostile: Record<string, string>[] = [
      { title: '../../config' },
      { title: 'Book', author: '../..' },
      { title: 'a/b' },
      { title: 'Book', series: '..\\x' },
    ]
    for (const fields of hostile) {
      const res = await post({ ...base(), ...fields }, [{ name: 'a.mp3', data: audio }])
      expect([res.statusCode, res.body]).toEqual([400, expect.stringMatching(/cannot contain a path/)])
    }
    expect(fs.existsSync(path.join(root, 'config'))).toBe(false)
    const res = await post({ ...base(), title: 'Safe Name' }, [{ name: '../../evil.mp3', data: audio }])
    expect(res.statusCode).toBe(200)
    expect(fs.readdirSync(path.join(root, 'Safe Name'))).toEqual(['evil.mp3'])
    expect(leftovers()).toEqual([])
  })

  it('answers whether an upload target exists, and needs the upload permission', async () => {
    const exists = await t.call('POST', '/api/filesystem/pathexists', token, {
      folderPath: root,
      directory: 'Existing Author/Existing Book',
    })
    expect(exists.json()).toEqual({ exists: true })
    const other = await t.call('POST', '/api/filesystem/pathexists', token, {
      folderPath: '/etc',
      directory: 'passwd',
    })
    expect(other.statusCode).toBe(400)
    await t.createUser(token, { username: 'noupload', password: 'pw', permissions: { upload: false } })
    const user = (await t.login('noupload', 'pw')).accessToken
    expect(
      (await post({ ...base(), title: 'Nope' }, [{ name: 'a.mp3', data: audio }], user)).statusCode,
    ).toBe(403)
    expect(
      (await t.call('POST', '/api/filesystem/pathexists', user, { folderPath: root, directory: 'x' }))
        .statusCode,
    ).toBe(403)
  })
})
