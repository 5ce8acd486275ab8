import fs from 'node:fs'
import path from 'node:path'
import type { LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeCoverImage } from '../../../../../scripts/media/index.ts'
import { createLibrary, itemsOf, settle } from '../../scanner/test-library.ts'
import {
  startFakeMetadataProviders,
  type FakeMetadataProviders,
} from '../../test-support/fake-metadata-providers.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

/** A library folder with one book without a cover and one with its own cover.jpg. */
async function bookFolder(name: string): Promise<string> {
  const root = path.join(tempDir(`shelfcast-find-covers-${name}-`), 'books')
  await makeAudio({
    path: path.join(root, 'Ann Author', `Bare ${name}`, 'audio.mp3'),
    durationSec: 1,
    tags: { album: `Bare ${name}`, artist: 'Ann Author' },
  })
  const covered = path.join(root, 'Ann Author', `Covered ${name}`)
  await makeAudio({
    path: path.join(covered, 'audio.mp3'),
    durationSec: 1,
    tags: { album: `Covered ${name}` },
  })
  await makeCoverImage({ path: path.join(covered, 'cover.jpg'), width: 32, height: 32, colour: '#224466' })
  return root
}

const coverOf = (items: Map<string, LibraryItem>, rel: string) => {
  const item = items.get(rel)
  if (!item || !('coverPath' in item.media)) throw new Error(`no book at ${rel}`)
  return item.media.coverPath
}

describe('scanner "Find covers" (scannerFindCovers with scannerCoverProvider)', () => {
  let t: TestApp
  let token: string
  let fake: FakeMetadataProviders
  let folders: Record<'off' | 'on' | 'failing', string>
  const searches = () => fake.requestsTo('/google/books/v1/volumes')

  beforeAll(async () => {
    fake = await startFakeMetadataProviders({ timeoutMs: 600 })
    const app = await createInitialisedApp({
      env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' },
      metadataProviders: fake.options,
    })
    t = app.t
    token = app.root.accessToken
    folders = {
      off: await bookFolder('off'),
      on: await bookFolder('on'),
      failing: await bookFolder('failing'),
    }
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const scanned = async (name: keyof typeof folders) => {
    const library = await createLibrary(t, token, {
      name,
      folders: [{ fullPath: folders[name] }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    const result = await settle(t, library.id)
    return { result, items: await itemsOf(t, library.id) }
  }

  it('searches nothing while the setting is off (the default)', async () => {
    const { items } = await scanned('off')
    expect(coverOf(items, 'Ann Author/Bare off')).toBeNull()
    expect(searches()).toHaveLength(0)
  })

  it('gives a book added without a cover the first cover the provider finds, and leaves covered books alone', async () => {
    const saved = await t.call('PATCH', '/api/settings', token, {
      scannerFindCovers: true,
      scannerCoverProvider: 'google',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const { items } = await scanned('on')
    const cover = coverOf(items, 'Ann Author/Bare on')
    expect(cover).toBeTruthy()
    expect(fs.readFileSync(cover!)).toEqual(fake.image)
    expect(coverOf(items, 'Ann Author/Covered on')).toMatch(/cover\.jpg$/)
    // One search, for the bare book, by its title and author.
    expect(searches().map((r) => r.url.searchParams.get('q'))).toEqual([
      'intitle:Bare on inauthor:Ann Author',
    ])
  })

  it('finishes the scan without a cover when the provider fails', async () => {
    fake.mode = 'error500'
    const before = searches().length
    const { result, items } = await scanned('failing')
    fake.mode = 'ok'
    expect(result).toMatchObject({ added: 2 })
    expect(searches().length).toBe(before + 1)
    expect(coverOf(items, 'Ann Author/Bare failing')).toBeNull()
  })

  it('refuses a cover provider value that is no provider name', async () => {
    const res = await t.call('PATCH', '/api/settings', token, { scannerCoverProvider: '../x' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Unknown cover provider')
  })
})
