import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

describe("new libraries take the server's default metadata precedence (Settings > Scanner)", () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    const started = await createInitialisedApp()
    t = started.t
    token = started.root.accessToken
  })
  afterAll(() => t.close())

  const create = async (name: string, settings?: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/libraries', token, {
      name,
      folders: [{ fullPath: tempDir('shelfcast-precedence-') }],
      mediaType: 'book',
      settings: { disableWatcher: true, ...settings },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<Library>()
  }

  it('starts with the default order, then follows a changed default; created libraries keep theirs', async () => {
    const first = await create('First')
    expect(first.settings.metadataPrecedence).toEqual([
      'folderStructure',
      'audioMetatags',
      'nfoFile',
      'txtFiles',
      'opfFile',
      'absMetadata',
    ])

    const order = ['opfFile', 'folderStructure', 'audioMetatags']
    const saved = await t.call('PATCH', '/api/settings', token, { defaultMetadataPrecedence: order })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await create('Second')).settings.metadataPrecedence).toEqual(order)
    // A library that states its own order keeps it.
    expect(
      (await create('Third', { metadataPrecedence: ['absMetadata'] })).settings.metadataPrecedence,
    ).toEqual(['absMetadata'])
    // The first library is not changed by the new default.
    const again = await t.call('GET', `/api/libraries/${first.id}`, token)
    expect(again.json<Library>().settings.metadataPrecedence).toEqual(first.settings.metadataPrecedence)
  })

  it('refuses unknown or repeated sources', async () => {
    const unknown = await t.call('PATCH', '/api/settings', token, { defaultMetadataPrecedence: ['webPage'] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Unknown metadata source')
    const twice = await t.call('PATCH', '/api/settings', token, {
      defaultMetadataPrecedence: ['opfFile', 'opfFile'],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.body).toContain('A metadata source can be listed only once')
  })
})
