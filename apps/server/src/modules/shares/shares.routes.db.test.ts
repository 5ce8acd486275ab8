import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { Library, MediaItemShare, PublicSharePage } from '@shelfcast/contracts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'
import { MAX_SESSIONS_PER_SHARE, SharesRepository } from './shares.repository.ts'

const BIG = 'Big Author/Big Book'

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

/** The share_session_id cookie a response set (name=value), or null. */
function sessionCookie(res: Response): string | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('share_session_id='))
  return set ? (set.split(';')[0] ?? null) : null
}

describe('share links', () => {
  let t: TestApp
  let root: LoggedIn
  let base: string
  let library: Library
  let dir: string
  const ids: Record<string, string> = {}

  const create = (body: Record<string, unknown>, token = root.accessToken) =>
    t.call('POST', '/api/share/mediaitem', token, { mediaItemType: 'book', ...body })
  const share = async (body: Record<string, unknown>) => {
    const res = await create(body)
    if (res.statusCode !== 201) throw new Error(`share failed: ${res.statusCode} ${res.body}`)
    return res.json<MediaItemShare>()
  }
  const remove = (id: string) => t.call('DELETE', `/api/share/mediaitem/${id}`, root.accessToken)
  const get = (url: string, init: RequestInit = {}) => fetch(`${base}${url}`, init)

  beforeAll(async () => {
    dir = tempDir('shelfcast-share-')
    const books = path.join(dir, 'books')
    await makeBookLibrary(books, path.join(dir, 'work'))
    // A track too big for socket buffers, so a stream is still open while the test deletes its share.
    fs.mkdirSync(path.join(books, BIG), { recursive: true })
    const big = path.join(books, BIG, 'big.mp3')
    fs.copyFileSync(path.join(books, BOOKS.loose), big)
    fs.appendFileSync(big, Buffer.alloc(48 * 1024 * 1024))
    ;({ t, root } = await createInitialisedApp())
    library = await createLibrary(t, root.accessToken, {
      name: 'Books',
      folders: [{ fullPath: books }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    const items = await itemsOf(t, library.id)
    for (const [key, rel] of Object.entries({ ...BOOKS, big: BIG })) {
      const item = items.get(rel)
      if (!item) throw new Error(`no item ${rel}`)
      ids[key] = item.id
    }
    base = await t.listen()
  })
  afterAll(async () => t?.close())
  // A failed test leaves no share behind to fail the next ones.
  afterEach(async () => {
    await t.ctx.database.db.deleteFrom('shares').execute()
  })

  it('creates a share (201), refuses taken slugs, a second share of a book, bad slugs and past expiry', async () => {
    const created = await share({
      slug: 'mort-link',
      mediaItemId: ids.mort,
      expiresAt: 0,
      isDownloadable: true,
    })
    expect(created).toMatchObject({
      mediaItemId: ids.mort,
      mediaItemType: 'book',
      slug: 'mort-link',
      expiresAt: null,
      isDownloadable: true,
    })
    expect(new Date(created.createdAt).getTime()).toBe(t.clock())

    const taken = await create({ slug: 'mort-link', mediaItemId: ids.earthsea })
    expect([taken.statusCode, taken.body]).toEqual([409, 'Slug is already in use'])
    const again = await create({ slug: 'mort-two', mediaItemId: ids.mort })
    expect([again.statusCode, again.body]).toEqual([409, 'Item is already shared'])

    for (const slug of ['../etc', 'a%2Fb', 'ｍｏｒｔ', 'Mort', 'x'.repeat(500), '']) {
      const res = await create({ slug, mediaItemId: ids.earthsea })
      expect(res.statusCode, slug).toBe(400)
    }
    const invalid = await create({ slug: 'a/b', mediaItemId: ids.earthsea })
    expect(invalid.body).toContain('Slug contains invalid characters')

    const past = await create({ slug: 'late', mediaItemId: ids.earthsea, expiresAt: t.clock() - 1 })
    expect(past.statusCode).toBe(400)
    expect((await create({ slug: 'ghost', mediaItemId: 'no-such-item' })).statusCode).toBe(404)
    expect((await remove('no-such-share')).statusCode).toBe(404)

    await t.createUser(root.accessToken, { username: 'listener', password: 'pw', type: 'user' })
    const listener = await t.login('listener', 'pw')
    const refused = await create({ slug: 'mine', mediaItemId: ids.earthsea }, listener.accessToken)
    expect(refused.statusCode).toBe(403)
    expect(await t.ctx.shares.shares.sharesOf([ids.earthsea!])).toEqual(new Map())

    expect((await remove(created.id)).statusCode).toBe(204)
    expect((await remove(created.id)).statusCode).toBe(404)
    // Deleted: the slug and the book are free again.
    const renewed = await share({ slug: 'mort-link', mediaItemId: ids.mort })
    await remove(renewed.id)
  })

  it('answers include=share on items and lists, and the share-open filter finds shared books', async () => {
    const s = await share({ slug: 'earthsea', mediaItemId: ids.earthsea })
    const item = await t.call('GET', `/api/items/${ids.earthsea}?include=share`, root.accessToken)
    expect(item.json<{ mediaItemShare: MediaItemShare }>().mediaItemShare).toEqual(s)
    const other = await t.call('GET', `/api/items/${ids.mort}?include=share`, root.accessToken)
    expect(other.json<{ mediaItemShare: null }>().mediaItemShare).toBeNull()

    const list = await t.call(
      'GET',
      `/api/libraries/${library.id}/items?include=share&filter=share-open`,
      root.accessToken,
    )
    const body = list.json<{ results: { id: string; mediaItemShare: MediaItemShare | null }[] }>()
    expect(body.results.map((r) => [r.id, r.mediaItemShare?.slug])).toEqual([[ids.earthsea, 'earthsea']])

    await remove(s.id)
    const after = await t.call(
      'GET',
      `/api/libraries/${library.id}/items?filter=share-open`,
      root.accessToken,
    )
    expect(after.json<{ results: unknown[] }>().results).toEqual([])
    const gone = await t.call('GET', `/api/items/${ids.earthsea}?include=share`, root.accessToken)
    expect(gone.json<{ mediaItemShare: null }>().mediaItemShare).toBeNull()
  })

  it('gives a visitor the page data and a cookie, without paths, users or tokens', async () => {
    const s = await share({ slug: 'wizard', mediaItemId: ids.earthsea })
    const res = await get('/public/share/wizard')
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('share_session_id='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(cookie).toContain('Path=/public/share;')
    const text = await res.text()
    for (const secret of [
      dir,
      fs.realpathSync(dir),
      root.accessToken,
      root.refreshToken,
      root.user.id,
      '.mp3',
      'ino',
    ])
      expect(text, secret).not.toContain(secret)
    expect(text).not.toContain(sessionCookie(res)!.split('=')[1]!)
    const page = JSON.parse(text) as PublicSharePage
    expect(page).toMatchObject({ id: s.id, slug: 'wizard', mediaItemId: ids.earthsea, expiresAt: null })
    expect(page.playbackSession).toMatchObject({
      displayTitle: 'A Wizard of Earthsea',
      displayAuthor: 'Ursula K. Le Guin',
      coverUrl: '/public/share/wizard/cover',
      startTime: 0,
      currentTime: 0,
    })
    expect(page.playbackSession.audioTracks.map((tr) => tr.contentUrl)).toEqual(
      [1, 2, 3].map((i) => `/public/share/wizard/track/${i}`),
    )
    expect(page.playbackSession.audioTracks.map((tr) => tr.title)).toEqual([
      'A Wizard of Earthsea (1/3)',
      'A Wizard of Earthsea (2/3)',
      'A Wizard of Earthsea (3/3)',
    ])
    // Under ROUTER_BASE_PATH too; the cookie then belongs to that path.
    const viaBase = await get(`${t.config.routerBasePath}/public/share/wizard`)
    expect(viaBase.status).toBe(200)
    expect(viaBase.headers.getSetCookie().join()).toContain(`Path=${t.config.routerBasePath}/public/share;`)
    expect(
      (await get(`${t.config.routerBasePath}${page.playbackSession.audioTracks[0]!.contentUrl}`)).status,
    ).toBe(200)
    expect(page.playbackSession.duration).toBeGreaterThan(5)

    const cover = await get('/public/share/wizard/cover')
    expect(cover.status).toBe(200)
    expect(cover.headers.get('content-type')).toMatch(/^image\//)
    await remove(s.id)
  })

  it('serves a track with byte ranges, and refuses indexes and slugs that are not the book', async () => {
    const s = await share({ slug: 'ranges', mediaItemId: ids.earthsea })
    const whole = await get('/public/share/ranges/track/2')
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('audio/mpeg')
    const size = (await whole.arrayBuffer()).byteLength
    const part = await get('/public/share/ranges/track/2', { headers: { range: 'bytes=10-109' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${size}`)
    expect((await part.arrayBuffer()).byteLength).toBe(100)

    for (const index of ['0', '4', '-1', '1.5', '..%2F..%2Fcover.jpg', '%2E%2E', '99999999999'])
      expect((await get(`/public/share/ranges/track/${index}`)).status, index).toBe(404)
    const hostile = [
      '..%2F..%2Fetc%2Fpasswd',
      '%2F',
      'ra%CC%8Anges',
      'ｒａｎｇｅｓ',
      'RANGES',
      'x'.repeat(500),
      '%00',
      '%FF',
    ]
    for (const slug of hostile) {
      for (const sub of ['', '/track/1', '/cover', '/download']) {
        const res = await get(`/public/share/${slug}${sub}`)
        expect([400, 404], `${slug}${sub}`).toContain(res.status)
      }
      const patch = await get(`/public/share/${slug}/progress`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentTime: 1 }),
      })
      expect([400, 404], slug).toContain(patch.status)
    }
    await remove(s.id)
  })

  it('downloads only when the share allows it: one file as itself, several as a zip', async () => {
    const closed = await share({ slug: 'closed', mediaItemId: ids.earthsea, isDownloadable: false })
    expect((await get('/public/share/closed/download')).status).toBe(403)
    await remove(closed.id)

    const several = await share({ slug: 'several', mediaItemId: ids.earthsea, isDownloadable: true })
    const zip = await get('/public/share/several/download')
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(await zipEntries(Buffer.from(await zip.arrayBuffer()))).toEqual([
      'cover.jpg',
      'part a.mp3',
      'part b.mp3',
      'part c.mp3',
    ])
    await remove(several.id)

    const one = await share({ slug: 'one', mediaItemId: ids.mort, isDownloadable: true })
    const file = await get('/public/share/one/download')
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Mort.m4b"/)
    await remove(one.id)
  })

  it('keeps progress per share session cookie, clamped to the duration; ?t= sets the start', async () => {
    const s = await share({ slug: 'progress', mediaItemId: ids.earthsea })
    const first = await get('/public/share/progress')
    const a = sessionCookie(first)!
    const duration = ((await first.json()) as PublicSharePage).playbackSession.duration
    const patch = (cookie: string | null, body: unknown) =>
      get('/public/share/progress/progress', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      })
    expect((await patch(a, { currentTime: 3.5 })).status).toBe(204)
    const back = (await (
      await get('/public/share/progress', { headers: { cookie: a } })
    ).json()) as PublicSharePage
    expect(back.playbackSession.startTime).toBe(3.5)

    const b = sessionCookie(await get('/public/share/progress'))!
    expect(b).not.toBe(a)
    const other = (await (
      await get('/public/share/progress', { headers: { cookie: b } })
    ).json()) as PublicSharePage
    expect(other.playbackSession.startTime).toBe(0)

    expect((await patch(a, { currentTime: 1e6 })).status).toBe(204)
    const clamped = (await (
      await get('/public/share/progress', { headers: { cookie: a } })
    ).json()) as PublicSharePage
    expect(clamped.playbackSession.currentTime).toBe(duration)

    const started = (await (
      await get('/public/share/progress?t=2', { headers: { cookie: b } })
    ).json()) as PublicSharePage
    expect(started.playbackSession.startTime).toBe(2)

    for (const bad of [{ currentTime: -1 }, { currentTime: 'x' }, {}, { currentTime: null }])
      expect((await patch(a, bad)).status, JSON.stringify(bad)).toBe(400)
    expect((await patch(null, { currentTime: 1 })).status).toBe(404)
    const foreign = await get('/public/share/progress/progress', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: a, origin: 'https://evil.example' },
      body: JSON.stringify({ currentTime: 1 }),
    })
    expect(foreign.status).toBe(403)
    const own = await get('/public/share/progress/progress', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: a, origin: base },
      body: JSON.stringify({ currentTime: 1 }),
    })
    expect(own.status).toBe(204)
    expect((await patch('share_session_id=forged', { currentTime: 1 })).status).toBe(404)
    expect((await get('/public/share/progress?t=abc')).status).toBe(400)
    // A visit alone stores nothing; saving stores the session's position only.
    const stored = await t.ctx.database.db.selectFrom('share_sessions').selectAll().execute()
    expect(stored.map((r) => [r.share_id, r.current_time])).toEqual(
      expect.arrayContaining([
        [s.id, 1],
        [s.id, 2],
      ]),
    )
    expect(stored).toHaveLength(2)
    expect(JSON.stringify(stored)).not.toContain(a.split('=')[1]!)
    await remove(s.id)
    expect(await t.ctx.database.db.selectFrom('share_sessions').selectAll().execute()).toEqual([])
  })

  it('remembers at most so many anonymous sessions per share, forgetting the least recently seen', async () => {
    const s = await share({ slug: 'crowd', mediaItemId: ids.earthsea })
    const repo = new SharesRepository(t.ctx.database.db)
    for (let i = 0; i <= MAX_SESSIONS_PER_SHARE; i++) await repo.saveSessionTime(`h${i}`, s.id, 1, i)
    const kept = await t.ctx.database.db
      .selectFrom('share_sessions')
      .select('id_hash')
      .where('share_id', '=', s.id)
      .execute()
    expect(kept).toHaveLength(MAX_SESSIONS_PER_SHARE)
    expect(kept.map((r) => r.id_hash)).not.toContain('h0')
    expect(kept.map((r) => r.id_hash)).toContain(`h${MAX_SESSIONS_PER_SHARE}`)
  })

  it('answers 404 for the page, a track and the download once the share expires', async () => {
    const s = await share({
      slug: 'short',
      mediaItemId: ids.earthsea,
      isDownloadable: true,
      expiresAt: t.clock() + 60_000,
    })
    expect(s.expiresAt).toBe(new Date(t.clock() + 60_000).toISOString())
    for (const sub of ['', '/track/1', '/download', '/cover'])
      expect((await get(`/public/share/short${sub}`)).status).toBe(200)
    t.clock.advance(60_001)
    for (const sub of ['', '/track/1', '/download', '/cover'])
      expect((await get(`/public/share/short${sub}`)).status, sub).toBe(404)
    // Expired: the item still shows it (the share modal says Expired), the filter does not, and it no longer
    // blocks a new share of the book or its slug.
    const item = await t.call('GET', `/api/items/${ids.earthsea}?include=share`, root.accessToken)
    expect(item.json<{ mediaItemShare: MediaItemShare }>().mediaItemShare.slug).toBe('short')
    const open = await t.call('GET', `/api/libraries/${library.id}/items?filter=share-open`, root.accessToken)
    expect(open.json<{ results: unknown[] }>().results).toEqual([])
    const next = await share({ slug: 'short', mediaItemId: ids.earthsea })
    expect(next.id).not.toBe(s.id)
    expect((await get('/public/share/short')).status).toBe(200)
    await remove(next.id)
  })

  /**
   * Opens the big track of share `slug`, stops reading after the first bytes, runs `whileOpen`, reads on, and
   * says how the stream ended.
   */
  const pausedStream = (slug: string, whileOpen: () => Promise<void>) =>
    new Promise<{ status: number; length: number; received: number; ended: string }>((resolve, reject) => {
      const req = http.get(`${base}/public/share/${slug}/track/1`, (res) => {
        const length = Number(res.headers['content-length'])
        let received = 0
        let opened = false
        res.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (opened) return
          opened = true
          // Stop reading, so the server is stuck mid-file.
          res.pause()
          whileOpen()
            .then(() => res.resume())
            .catch(reject)
        })
        const done = (ended: string) => resolve({ status: res.statusCode ?? 0, length, received, ended })
        res.on('end', () => done('end'))
        res.on('aborted', () => done('aborted'))
        res.on('error', () => done('error'))
        res.on('close', () => done('close'))
      })
      req.on('error', reject)
    })

  it('cuts a track stream already open when the share reaches its expiry (the timer, no request needed)', async () => {
    const s = await share({ slug: 'timed', mediaItemId: ids.big, expiresAt: t.clock() + 1500 })
    const outcome = await pausedStream('timed', async () => {
      expect(t.ctx.shares.shares.streams.count(s.id)).toBe(1)
      // The server's clock passes the expiry; its timer (set for 1.5 s) then finds the share expired.
      t.clock.advance(2000)
      const deadline = Date.now() + 15_000
      while (t.ctx.shares.shares.streams.count(s.id) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50))
    })
    expect(outcome.status).toBe(200)
    expect(outcome.received).toBeLessThan(outcome.length)
    expect(outcome.ended).not.toBe('end')
    expect((await get('/public/share/timed')).status).toBe(404)
  })

  it('cuts a track stream already open when the share is deleted', async () => {
    const s = await share({ slug: 'cut-me', mediaItemId: ids.big })
    const outcome = await pausedStream('cut-me', async () => {
      expect(t.ctx.shares.shares.streams.count(s.id)).toBe(1)
      expect((await remove(s.id)).statusCode).toBe(204)
    })
    expect(outcome.status).toBe(200)
    expect(outcome.length).toBeGreaterThan(48 * 1024 * 1024)
    expect(outcome.received).toBeLessThan(outcome.length)
    expect(outcome.ended).not.toBe('end')
    expect(t.ctx.shares.shares.streams.count(s.id)).toBe(0)
    expect((await get('/public/share/cut-me/track/1')).status).toBe(404)
  })
})
