import fs from 'node:fs'
import path from 'node:path'
import type { Library, LoginResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

describe('libraries: creation rules and per-user visibility', () => {
  let t: TestApp
  let root: LoggedIn
  let user: LoggedIn
  let userId: string
  let libA: Library
  let libB: Library

  const folder = (name: string) => {
    const p = path.join(t.dir, 'media', name)
    fs.mkdirSync(p, { recursive: true })
    return p
  }
  const create = (body: unknown, token = root.accessToken) => t.call('POST', '/api/libraries', token, body)
  const visible = async (token: string) =>
    (await t.call('GET', '/api/libraries', token))
      .json<{ libraries: Library[] }>()
      .libraries.map((l) => l.name)

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    userId = (
      await t.createUser(root.accessToken, {
        username: 'reader',
        password: 'pw',
        permissions: { accessAllLibraries: false },
      })
    ).id
    user = await t.login('reader', 'pw')
    libA = (await create({ name: 'A', folders: [{ fullPath: folder('a') }] })).json<Library>()
    libB = (
      await create({ name: 'B', folders: [{ fullPath: folder('b') }], mediaType: 'podcast', icon: 'podcast' })
    ).json<Library>()
  })
  afterAll(() => t.close())

  it('creates libraries with their folders resolved and defaults filled', async () => {
    expect(libA.folders[0]?.fullPath).toBe(fs.realpathSync(folder('a')))
    expect(libA.mediaType).toBe('book')
    expect(libB.settings.coverAspectRatio).toBe(1)
    expect(libB.displayOrder).toBeGreaterThan(libA.displayOrder)
    expect(await visible(root.accessToken)).toEqual(['A', 'B'])
  })

  it("answers each library with its media type's settings only, and no lastScanVersion before a scan, like Audiobookshelf", async () => {
    expect(Object.keys(libA.settings)).toEqual([
      'coverAspectRatio',
      'disableWatcher',
      'autoScanCronExpression',
      'skipMatchingMediaWithAsin',
      'skipMatchingMediaWithIsbn',
      'audiobooksOnly',
      'epubsAllowScriptedContent',
      'hideSingleBookSeries',
      'onlyShowLaterBooksInContinueSeries',
      'metadataPrecedence',
      'markAsFinishedPercentComplete',
      'markAsFinishedTimeRemaining',
    ])
    expect(Object.keys(libB.settings)).toEqual([
      'coverAspectRatio',
      'disableWatcher',
      'autoScanCronExpression',
      'podcastSearchRegion',
      'markAsFinishedPercentComplete',
      'markAsFinishedTimeRemaining',
    ])
    expect(libA).not.toHaveProperty('lastScanVersion')
    // A podcast library's book settings stay stored (and unanswered) through an update.
    const patched = (
      await t.call('PATCH', `/api/libraries/${libB.id}`, root.accessToken, {
        settings: { podcastSearchRegion: 'de' },
      })
    ).json<Library>()
    expect(patched.settings).toMatchObject({ podcastSearchRegion: 'de' })
    expect(patched.settings).not.toHaveProperty('audiobooksOnly')
    const listed = (await t.call('GET', '/api/libraries', root.accessToken)).json<{ libraries: Library[] }>()
      .libraries
    expect(listed.find((l) => l.id === libA.id)?.settings).not.toHaveProperty('podcastSearchRegion')
  })

  it('only admins create libraries', async () => {
    expect(
      (await create({ name: 'X', folders: [{ fullPath: folder('x') }] }, user.accessToken)).statusCode,
    ).toBe(403)
    expect(
      (await t.call('POST', '/api/libraries', null, { name: 'X', folders: [{ fullPath: folder('x') }] }))
        .statusCode,
    ).toBe(401)
  })

  it('a user without access never sees a library: not in the list, 404 by id', async () => {
    expect(await visible(user.accessToken)).toEqual([])
    for (const lib of [libA, libB]) {
      const res = await t.call('GET', `/api/libraries/${lib.id}`, user.accessToken)
      expect(res.statusCode).toBe(404)
      const missing = await t.call('GET', '/api/libraries/does-not-exist', user.accessToken)
      expect(res.body).toBe(missing.body) // indistinguishable from a missing library
      expect(
        (await t.call('GET', `/api/libraries/${lib.id}?include=filterdata`, user.accessToken)).statusCode,
      ).toBe(404)
    }
  })

  it('librariesAccessible grants exactly the listed libraries, live', async () => {
    await t.call('PATCH', `/api/users/${userId}`, root.accessToken, { librariesAccessible: [libA.id] })
    expect(await visible(user.accessToken)).toEqual(['A'])
    expect((await t.call('GET', `/api/libraries/${libA.id}`, user.accessToken)).json<Library>().id).toBe(
      libA.id,
    )
    const withFilter = await t.call('GET', `/api/libraries/${libA.id}?include=filterdata`, user.accessToken)
    expect(withFilter.json<{ library: Library }>().library.id).toBe(libA.id)
    expect((await t.call('GET', `/api/libraries/${libB.id}`, user.accessToken)).statusCode).toBe(404)
    const authorize = await t.call('POST', '/api/authorize', user.accessToken)
    expect(authorize.json<LoginResponse>().userDefaultLibraryId).toBe(libA.id)

    await t.call('PATCH', `/api/users/${userId}`, root.accessToken, { librariesAccessible: [] })
    expect(await visible(user.accessToken)).toEqual([])
    expect(
      (await t.call('POST', '/api/authorize', user.accessToken)).json<LoginResponse>().userDefaultLibraryId,
    ).toBeNull()
  })

  it('accessAllLibraries shows every library', async () => {
    await t.call('PATCH', `/api/users/${userId}`, root.accessToken, {
      permissions: { accessAllLibraries: true },
    })
    expect(await visible(user.accessToken)).toEqual(['A', 'B'])
  })

  it('refuses roots overlapping CONFIG_PATH or METADATA_PATH, even through a symlink', async () => {
    const link = path.join(t.dir, 'media', 'link-to-metadata')
    fs.mkdirSync(t.config.metadataPath, { recursive: true })
    fs.symlinkSync(t.config.metadataPath, link)
    fs.mkdirSync(path.join(t.config.configPath, 'inside'), { recursive: true })
    for (const [fullPath, message] of [
      [t.config.configPath, /config folder/],
      [path.join(t.config.configPath, 'inside'), /config folder/],
      [t.config.metadataPath, /metadata folder/],
      [t.dir, /config folder|metadata folder/],
      [link, /metadata folder/],
    ] as const) {
      const res = await create({ name: 'bad', folders: [{ fullPath }] })
      expect(res.statusCode).toBe(400)
      expect(res.body).toMatch(message)
    }
  })

  it("refuses the install folder's scripts/ and apps/ and system folders, with a message", async () => {
    for (const [fullPath, message] of [
      [path.join(t.config.installPath, 'scripts'), /cannot overlap the install folder/],
      [path.join(t.config.installPath, 'apps', 'server'), /cannot overlap the install folder/],
      ['/etc', /cannot overlap the system \(\/etc\) folder/],
      ['/proc', /system \(\/proc\)/],
    ] as const) {
      const res = await create({ name: 'bad', folders: [{ fullPath }] })
      expect(res.statusCode, fullPath).toBe(400)
      expect(res.body).toMatch(message)
    }
    // Adding such a folder to an existing library is refused the same way.
    const patch = await t.call('PATCH', `/api/libraries/${libA.id}`, root.accessToken, {
      folders: [...libA.folders, { fullPath: path.join(t.config.installPath, 'scripts') }],
    })
    expect(patch.statusCode).toBe(400)
    expect(await visible(root.accessToken)).toEqual(['A', 'B'])
  })

  it('refuses overlapping, missing and relative roots', async () => {
    fs.mkdirSync(path.join(folder('a'), 'sub'), { recursive: true })
    for (const fullPath of [
      folder('a'),
      path.join(folder('a'), 'sub'),
      path.join(t.dir, 'media'),
      path.join(t.dir, 'missing'),
      'relative/path',
    ]) {
      expect((await create({ name: 'bad', folders: [{ fullPath }] })).statusCode).toBe(400)
    }
    const twice = await create({
      name: 'bad',
      folders: [{ fullPath: folder('c') }, { fullPath: folder('c') }],
    })
    expect(twice.statusCode).toBe(400)
    expect(await visible(root.accessToken)).toEqual(['A', 'B'])
  })

  it('refuses a schedule that is not a 5-field cron expression, on create and on update', async () => {
    const six = await create({
      name: 'Cron',
      folders: [{ fullPath: folder('cron') }],
      settings: { autoScanCronExpression: '* * * * * *' },
    })
    expect(six.statusCode).toBe(400)
    expect(six.body).toContain('Invalid cron expression: it needs 5 fields')
    const patch = await t.call('PATCH', `/api/libraries/${libA.id}`, root.accessToken, {
      settings: { autoScanCronExpression: '* * * * * *' },
    })
    expect(patch.statusCode).toBe(400)
    // Croner would take February 31st and never run it: refused like a malformed one.
    const never = await t.call('PATCH', `/api/libraries/${libA.id}`, root.accessToken, {
      settings: { autoScanCronExpression: '0 0 31 2 *' },
    })
    expect(never.statusCode).toBe(400)
    expect(never.body).toMatch(/autoScanCronExpression: Invalid cron expression: it never runs$/)
    const ok = await t.call('PATCH', `/api/libraries/${libA.id}`, root.accessToken, {
      settings: { autoScanCronExpression: '0 */6 * * *' },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json<Library>().settings.autoScanCronExpression).toBe('0 */6 * * *')
    expect(await visible(root.accessToken)).toEqual(['A', 'B'])
  })
})
