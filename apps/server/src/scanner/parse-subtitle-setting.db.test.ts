import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { bookMedia } from '../test-support/media-of.ts'
import { createLibrary, itemsOf, settle } from './test-library.ts'

describe('the server setting "parse subtitles"', () => {
  let t: TestApp
  let token: string
  let libraryId: string
  const REL = 'Ann Author/Deep Water - A Story of the Sea'
  const book = async () => bookMedia((await itemsOf(t, libraryId)).get(REL)).metadata

  beforeAll(async () => {
    const dir = tempDir('shelfcast-subtitle-')
    const root = path.join(dir, 'books')
    fs.mkdirSync(path.join(root, REL), { recursive: true })
    // No title tag: the folder name is the only source of the title.
    await makeAudio({ path: path.join(root, REL, 'a.mp3'), durationSec: 1, tags: {} })
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    const library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    libraryId = library.id
    await settle(t, libraryId)
  })
  afterAll(async () => t?.close())

  it('is off by default (as in Audiobookshelf): the title keeps the whole folder name', async () => {
    expect(await book()).toMatchObject({ title: 'Deep Water - A Story of the Sea', subtitle: null })
  })

  it('when on, the next scan (not forced) splits "Title - Subtitle"; off again joins them', async () => {
    expect((await t.call('PATCH', '/api/settings', token, { scannerParseSubtitle: true })).statusCode).toBe(
      200,
    )
    await settle(t, libraryId)
    expect(await book()).toMatchObject({ title: 'Deep Water', subtitle: 'A Story of the Sea' })
    expect((await t.call('PATCH', '/api/settings', token, { scannerParseSubtitle: false })).statusCode).toBe(
      200,
    )
    await settle(t, libraryId)
    expect(await book()).toMatchObject({ title: 'Deep Water - A Story of the Sea', subtitle: null })
  })
})
