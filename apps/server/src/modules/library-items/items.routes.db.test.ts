import fs from 'node:fs'
import path from 'node:path'
import type { LibraryFile, LibraryItem } from '@shelfcast/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBrowseScenario, type BrowseScenario } from '../../test-support/browse-scenario.ts'

const fileEntry = (
  ino: string,
  full: string,
  fileType: LibraryFile['fileType'],
  isSupplementary: boolean | null = null,
): LibraryFile => ({
  ino,
  metadata: {
    filename: path.basename(full),
    ext: path.extname(full),
    path: full,
    relPath: path.basename(full),
    size: fs.existsSync(full) ? fs.statSync(full).size : 0,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
  },
  isSupplementary,
  addedAt: 0,
  updatedAt: 0,
  fileType,
})

describe('item routes', () => {
  let s: BrowseScenario
  let itemDir: string
  let fileItem: string
  let otherLibItem: string
  let outsider: string
  const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))

  beforeAll(async () => {
    s = await createBrowseScenario()
    const root = path.join(s.t.dir, 'media', 'books')
    itemDir = path.join(root, 'Author', 'Book With Files')
    fs.mkdirSync(itemDir, { recursive: true })
    fs.writeFileSync(path.join(itemDir, 'track.mp3'), audio)
    fs.writeFileSync(path.join(itemDir, 'notes.html'), '<script>alert(1)</script>')
    fs.writeFileSync(
      path.join(itemDir, 'drawing.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    fs.writeFileSync(path.join(itemDir, 'book.epub'), 'EPUB-BYTES')
    fs.writeFileSync(path.join(itemDir, 'extra.pdf'), '%PDF-extra')
    fs.writeFileSync(path.join(itemDir, 'empty.mp3'), '')
    await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .toFile(path.join(itemDir, 'cover.jpg'))
    fs.writeFileSync(path.join(root, 'secret.txt'), 'not yours')
    fs.mkdirSync(path.join(itemDir, 'sub'), { recursive: true })
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(itemDir, 'sub', 'link.txt'))
    outsider = await s.fx.item(s.books, { title: 'Other' })
    fileItem = await s.fx.item(s.books, {
      title: 'Book With Files',
      path: itemDir,
      coverPath: path.join(itemDir, 'cover.jpg'),
      ebookFormat: 'epub',
      ebookFile: fileEntry('40', path.join(itemDir, 'book.epub'), 'ebook', false),
      libraryFiles: [
        fileEntry('10', path.join(itemDir, 'track.mp3'), 'audio'),
        fileEntry('11', path.join(itemDir, 'notes.html'), 'unknown'),
        fileEntry('12', path.join(itemDir, 'drawing.svg'), 'image'),
        fileEntry('13', path.join(itemDir, 'empty.mp3'), 'audio'),
        fileEntry('20', path.join(root, 'secret.txt'), 'text'), // listed, but outside the item folder
        fileEntry('21', path.join(itemDir, '..', '..', 'secret.txt'), 'text'),
        fileEntry('22', path.join(itemDir, 'sub', 'link.txt'), 'text'), // a symlink leading out
        fileEntry('40', path.join(itemDir, 'book.epub'), 'ebook', false),
        fileEntry('41', path.join(itemDir, 'extra.pdf'), 'ebook', true),
      ],
    })
    const otherLib = (await s.fx.library({ name: 'Hidden', folder: path.join(s.t.dir, 'media', 'hidden') }))
      .id
    otherLibItem = await s.fx.item(otherLib, {
      title: 'Hidden Book',
      coverPath: path.join(itemDir, 'cover.jpg'),
    })
  })
  afterAll(() => s.t.close())

  const file = (
    ino: string,
    headers: Record<string, string> = {},
    token: string | null = s.root.accessToken,
  ) =>
    s.t.inject({
      method: 'GET',
      url: `/api/items/${fileItem}/file/${ino}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    })

  it('GET /api/items/:id is full unless expanded, with progress on request', async () => {
    await s.fx.progress({ userId: s.root.user.id, itemId: s.id.hobbit, currentTime: 12 })
    const plain = await s.get<Record<string, unknown>>(`/api/items/${s.id.hobbit}`)
    expect(plain.status).toBe(200)
    // Audiobookshelf's full form: the file lists, no counts or tracks.
    expect(plain.body).toHaveProperty('libraryFiles')
    expect(plain.body).toHaveProperty('media.audioFiles')
    expect(plain.body).not.toHaveProperty('numFiles')
    expect(plain.body).not.toHaveProperty('media.tracks')
    expect(plain.body).not.toHaveProperty('userMediaProgress')
    // include=progress without any progress answers null, as Audiobookshelf does.
    const none = await s.get<Record<string, unknown>>(`/api/items/${s.id.dune}?expanded=1&include=progress`)
    expect(none.body.userMediaProgress).toBeNull()
    const full = await s.get<LibraryItem & { userMediaProgress?: { currentTime: number }; rssFeed?: null }>(
      `/api/items/${s.id.hobbit}?expanded=1&include=progress,rssfeed`,
    )
    expect(full.body.libraryFiles).toEqual([])
    expect(full.body.media.metadata).toMatchObject({
      title: 'The Hobbit',
      authors: [{ name: 'J. R. R. Tolkien' }],
    })
    expect(full.body.userMediaProgress?.currentTime).toBe(12)
    expect(full.body.rssFeed).toBeNull()
    const pod = await s.get<LibraryItem>(`/api/items/${s.id.show}?expanded=1`)
    expect('episodes' in pod.body.media && pod.body.media.episodes.map((e) => e.title)).toEqual([
      'First Episode',
      'Second Episode about Dragons',
    ])
    expect((await s.get('/api/items/nope')).status).toBe(404)
  })

  it('answers a podcast with minified episodes for its page: no description, chapters or track', async () => {
    const audioFile = {
      ...fileEntry('77', path.join(s.t.dir, 'ep.mp3'), 'audio'),
      index: 1,
      duration: 600,
      codec: 'mp3',
      metaTags: { tagTitle: 'x' },
    }
    await s.t.ctx.database.db
      .updateTable('podcast_episodes')
      .set({ description: '<p>Long show notes</p>', audio_file: JSON.stringify(audioFile) })
      .where('library_item_id', '=', s.id.show)
      .execute()
    const full = await s.get<LibraryItem>(`/api/items/${s.id.show}?expanded=1`)
    const mini = await s.get<LibraryItem>(`/api/items/${s.id.show}?expanded=1&episodes=minified`)
    const episodesOf = (item: LibraryItem) => ('episodes' in item.media ? item.media.episodes : [])
    expect(episodesOf(full.body)[0]).toMatchObject({
      description: '<p>Long show notes</p>',
      audioTrack: expect.any(Object),
    })
    expect(
      episodesOf(mini.body).map((e) => [
        e.title,
        e.description,
        e.audioTrack,
        e.audioFile?.metadata.filename,
      ]),
    ).toEqual([
      ['First Episode', null, null, 'ep.mp3'],
      ['Second Episode about Dragons', null, null, 'ep.mp3'],
    ])
    expect(episodesOf(mini.body)[0]?.audioFile).toEqual({
      ino: '77',
      metadata: { filename: 'ep.mp3', ext: '.mp3', size: 0 },
    })
    expect((await s.get(`/api/items/${s.id.show}?expanded=1&episodes=tiny`)).status).toBe(400)
  })

  it('batch get answers only the items the caller may see, in request order', async () => {
    const res = await s.t.call('POST', '/api/items/batch/get', s.root.accessToken, {
      libraryItemIds: [s.id.dune, 'missing', s.id.hobbit, s.id.dune],
    })
    expect(res.json<{ libraryItems: LibraryItem[] }>().libraryItems.map((i) => i.id)).toEqual([
      s.id.dune,
      s.id.hobbit,
    ])
    for (const body of [
      {},
      { libraryItemIds: 'x' },
      { libraryItemIds: Array.from({ length: 1001 }, (_, i) => String(i)) },
      { libraryItemIds: [1, 2] },
    ]) {
      expect((await s.t.call('POST', '/api/items/batch/get', s.root.accessToken, body)).statusCode).toBe(400)
    }
  })

  describe('access', () => {
    let limited: string
    let noExplicit: string
    let kidsOnly: string
    beforeAll(async () => {
      await s.t.createUser(s.root.accessToken, {
        username: 'limited',
        password: 'pw',
        permissions: { accessAllLibraries: false },
        librariesAccessible: [s.books],
      })
      limited = (await s.t.login('limited', 'pw')).accessToken
      await s.t.createUser(s.root.accessToken, {
        username: 'noexplicit',
        password: 'pw',
        permissions: { accessExplicitContent: false },
      })
      noExplicit = (await s.t.login('noexplicit', 'pw')).accessToken
      await s.t.createUser(s.root.accessToken, {
        username: 'kids',
        password: 'pw',
        permissions: { accessAllTags: false },
        itemTagsSelected: ['kids'],
      })
      kidsOnly = (await s.t.login('kids', 'pw')).accessToken
    })

    it('answers 404 for items of other libraries, hidden tags or explicit content, on every route', async () => {
      const cases: [string, string][] = [
        [limited, otherLibItem],
        [noExplicit, s.id.dune],
        [kidsOnly, s.id.hobbit],
      ]
      for (const [token, id] of cases) {
        const missing = await s.get(`/api/items/does-not-exist`, token)
        for (const url of [
          `/api/items/${id}`,
          `/api/items/${id}?expanded=1`,
          `/api/items/${id}/file/10`,
          `/api/items/${id}/ebook`,
          `/api/items/${id}/ebook/40`,
        ]) {
          const res = await s.get(url, token)
          expect([url, res.status]).toEqual([url, 404])
        }
        expect((await s.get(`/api/items/${id}`, token)).text).toBe(missing.text)
        const batch = await s.t.call('POST', '/api/items/batch/get', token, {
          libraryItemIds: [id, s.id.earthsea],
        })
        expect(batch.json<{ libraryItems: LibraryItem[] }>().libraryItems.map((i) => i.id)).not.toContain(id)
      }
      expect((await s.get(`/api/items/${s.id.earthsea}`, kidsOnly)).status).toBe(200)
      expect((await s.get(`/api/items/${fileItem}/file/10`, kidsOnly)).status).toBe(404) // untagged item, allow list
      expect((await file('10', {}, limited)).statusCode).toBe(200)
    })

    it('needs a token for files (bearer or ?token=), not for covers', async () => {
      expect((await file('10', {}, null)).statusCode).toBe(401)
      const viaQuery = await s.t.inject({
        method: 'GET',
        url: `/api/items/${fileItem}/file/10?token=${s.root.accessToken}`,
      })
      expect(viaQuery.statusCode).toBe(200)
      expect((await s.t.inject({ method: 'GET', url: `/api/items/${fileItem}/cover` })).statusCode).toBe(200)
    })
  })

  it('serves a listed file with byte ranges', async () => {
    const whole = await file('10')
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    expect(whole.headers['x-content-type-options']).toBe('nosniff')
    expect(whole.rawPayload.equals(audio)).toBe(true)

    const cases: [string, number, string | null, number[] | null][] = [
      ['bytes=0-9', 206, 'bytes 0-9/1000', [0, 10]],
      ['bytes=990-', 206, 'bytes 990-999/1000', [990, 1000]],
      ['bytes=-5', 206, 'bytes 995-999/1000', [995, 1000]],
      ['bytes=-5000', 206, 'bytes 0-999/1000', [0, 1000]],
      ['bytes=500-99999', 206, 'bytes 500-999/1000', [500, 1000]],
      ['bytes=999-999', 206, 'bytes 999-999/1000', [999, 1000]],
      ['bytes=1000-', 416, 'bytes */1000', null],
      ['bytes=5000-6000', 416, 'bytes */1000', null],
      ['bytes=-0', 416, 'bytes */1000', null],
      ['bytes=9-0', 200, null, [0, 1000]], // invalid: ignored
      ['bytes=abc', 200, null, [0, 1000]],
      ['bytes=0-1,5-6', 200, null, [0, 1000]], // several ranges: whole file
      ['items=0-9', 200, null, [0, 1000]],
      ['bytes=99999999999999999999-', 416, 'bytes */1000', null],
    ]
    for (const [range, status, contentRange, slice] of cases) {
      const res = await file('10', { range })
      expect([range, res.statusCode]).toEqual([range, status])
      expect([range, res.headers['content-range'] ?? null]).toEqual([range, contentRange])
      if (slice)
        expect([range, res.rawPayload.equals(audio.subarray(slice[0], slice[1]))]).toEqual([range, true])
    }
    const empty = await file('13', { range: 'bytes=0-' })
    expect(empty.statusCode).toBe(416)
    expect((await file('13')).statusCode).toBe(200)
  })

  it('sends etag, last-modified and cache-control like Audiobookshelf, and 304 to a matching conditional GET', async () => {
    const whole = await file('10')
    const etag = whole.headers.etag as string
    const modified = whole.headers['last-modified'] as string
    expect(etag).toMatch(/^W\/"3e8-[0-9a-f]+"$/)
    expect(Date.parse(modified)).not.toBeNaN()
    expect(whole.headers['cache-control']).toBe('private, max-age=0')
    for (const headers of [
      { 'if-none-match': etag },
      { 'if-none-match': `"nope", ${etag}` },
      { 'if-modified-since': modified },
    ] as Record<string, string>[]) {
      const again = await file('10', headers)
      expect([headers, again.statusCode, again.rawPayload.length]).toEqual([headers, 304, 0])
    }
    // A different validator or an older date: the file again; If-None-Match decides over If-Modified-Since.
    expect((await file('10', { 'if-none-match': '"other"' })).statusCode).toBe(200)
    expect(
      (await file('10', { 'if-modified-since': new Date(Date.parse(modified) - 60_000).toUTCString() }))
        .statusCode,
    ).toBe(200)
    expect((await file('10', { 'if-none-match': '"other"', 'if-modified-since': modified })).statusCode).toBe(
      200,
    )
    // Ranges still work, and If-Range with the current validator keeps the range, a stale one gets the whole file.
    expect((await file('10', { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206)
    expect((await file('10', { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200)
    // The original cover is the file's own bytes, with the same validators.
    const raw = await s.t.inject({ method: 'GET', url: `/api/items/${fileItem}/cover?raw=1` })
    expect(raw.headers.etag).toMatch(/^W\//)
    expect(
      (
        await s.t.inject({
          method: 'GET',
          url: `/api/items/${fileItem}/cover?raw=1`,
          headers: { 'if-none-match': raw.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304)
  })

  it('serves HTML and SVG as attachments, never inline', async () => {
    for (const ino of ['11', '12']) {
      const res = await file(ino)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toMatch(/^attachment/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
    expect((await file('10')).headers['content-disposition']).toMatch(/^inline/)
  })

  it('refuses files outside the item folder and traversal variants: 404', async () => {
    for (const ino of [
      '20',
      '21',
      '22',
      '99',
      '..%2f..%2fsecret.txt',
      '%2e%2e',
      '..%5csecret.txt',
      '%252e%252e%252fsecret.txt',
      '10%00',
      '..',
    ]) {
      const res = await file(ino)
      expect([ino, res.statusCode]).toEqual([ino, 404])
    }
    for (const url of [
      `/api/items/${fileItem}/file/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/items/..%2F${fileItem}/file/10`,
      `/api/items/${fileItem}/ebook/..%2F..%2Fsecret.txt`,
      `/api/items/%2e%2e%2f%2e%2e/cover`,
      `/api/items/${fileItem}/file/10/..%2F..%2F20`,
    ]) {
      const res = await s.t.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${s.root.accessToken}` },
      })
      expect([url, res.statusCode]).toEqual([url, 404])
    }
  })

  it('serves the primary ebook, or a supplementary one by inode', async () => {
    const primary = await s.get(`/api/items/${fileItem}/ebook`)
    expect(primary.status).toBe(200)
    expect(primary.text).toBe('EPUB-BYTES')
    expect((await s.get(`/api/items/${fileItem}/ebook/41`)).text).toBe('%PDF-extra')
    expect((await s.get(`/api/items/${fileItem}/ebook/10`)).status).toBe(404) // not an ebook
    expect((await s.get(`/api/items/${s.id.hobbit}/ebook`)).status).toBe(404)
  })

  describe('covers', () => {
    const cover = (query: string, headers: Record<string, string> = {}) =>
      s.t.inject({ method: 'GET', url: `/api/items/${fileItem}/cover${query}`, headers })

    it('resizes, converts and caches the cover; public, cacheable with ts', async () => {
      // Sizes snap up to the next step (100 -> 120), so any query makes one of a few cached files.
      const res = await cover('?width=100&format=webp&ts=123')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe('private, max-age=86400')
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 180])
      const cached = path.join(s.t.config.metadataPath, 'cache', 'covers', `${fileItem}_120x0.webp`)
      expect(fs.existsSync(cached)).toBe(true)
      expect((await cover('?width=100&format=webp')).headers['cache-control']).toBe('no-cache')

      const both = await cover('?width=60&height=60&format=png')
      expect(await sharp(both.rawPayload).metadata()).toMatchObject({ format: 'png', width: 80, height: 80 })
      const byAccept = await cover('', { accept: 'image/avif,image/webp,*/*' })
      expect(await sharp(byAccept.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 })
      expect((await sharp((await cover('')).rawPayload).metadata()).format).toBe('jpeg')
      const raw = await cover('?raw=1')
      expect(raw.rawPayload.equals(fs.readFileSync(path.join(itemDir, 'cover.jpg')))).toBe(true)
      // Never enlarged.
      expect((await sharp((await cover('?width=3000&format=jpeg')).rawPayload).metadata()).width).toBe(800)
    })

    it('serves byte ranges of a resized copy', async () => {
      const whole = await cover('?width=240&format=jpeg')
      const part = await cover('?width=240&format=jpeg', { range: 'bytes=0-9' })
      expect(part.statusCode).toBe(206)
      expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true)
      expect((await cover('?width=240&format=jpeg', { range: 'bytes=99999999-' })).statusCode).toBe(416)
    })

    it('rebuilds the cached copy when the source changes', async () => {
      const first = await sharp((await cover('?width=50&format=jpeg')).rawPayload).stats()
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
        .jpeg()
        .toFile(path.join(itemDir, 'cover.jpg'))
      const second = await sharp((await cover('?width=50&format=jpeg')).rawPayload).stats()
      expect(second.channels[0]?.mean).toBeGreaterThan((first.channels[0]?.mean ?? 0) + 50)
    })

    it('answers every form of the cover with validators, 304 when unchanged and a new ETag when changed', async () => {
      const forms = [
        '',
        '?width=100&format=webp',
        '?width=60&height=60&format=png',
        '?raw=1',
        '?width=240&ts=1',
      ]
      const etags = new Map<string, string>()
      for (const q of forms) {
        const first = await cover(q)
        expect([q, first.statusCode]).toEqual([q, 200])
        const etag = String(first.headers.etag ?? '')
        expect(etag, q).toMatch(/^W\/"/)
        etags.set(q, etag)
        expect([q, (await cover(q, { 'if-none-match': etag })).statusCode]).toEqual([q, 304])
        const since = String(first.headers['last-modified'])
        expect([q, (await cover(q, { 'if-modified-since': since })).statusCode]).toEqual([q, 304])
      }
      // A new cover (another size, a later mtime): every form answers it in full with a new ETag.
      const file = path.join(itemDir, 'cover.jpg')
      const before = fs.readFileSync(file)
      await sharp({ create: { width: 90, height: 90, channels: 3, background: '#0a0' } })
        .jpeg()
        .toFile(file)
      const later = new Date(Date.now() + 5_000)
      fs.utimesSync(file, later, later)
      try {
        for (const q of forms) {
          const again = await cover(q, { 'if-none-match': etags.get(q) ?? '' })
          expect([q, again.statusCode]).toEqual([q, 200])
          expect(again.headers.etag, q).not.toBe(etags.get(q))
        }
      } finally {
        fs.writeFileSync(file, before)
      }
    })

    it('answers 404 for bad sizes, missing covers, and covers outside the item', async () => {
      for (const q of [
        '?width=0',
        '?width=-5',
        '?width=abc',
        '?width=100000',
        '?format=gif',
        '?height=1.5',
      ]) {
        expect([q, (await cover(q)).statusCode]).toEqual([q, 400])
      }
      expect((await s.t.inject({ method: 'GET', url: `/api/items/${s.id.dune}/cover` })).statusCode).toBe(404)
      // The Hobbit's stored cover path lies outside its folder: never served.
      expect((await s.t.inject({ method: 'GET', url: `/api/items/${s.id.hobbit}/cover` })).statusCode).toBe(
        404,
      )
      // Hidden Book's cover points into another item's folder: not its own, so 404.
      expect((await s.t.inject({ method: 'GET', url: `/api/items/${otherLibItem}/cover` })).statusCode).toBe(
        404,
      )
      expect((await s.t.inject({ method: 'GET', url: `/api/items/nope/cover` })).statusCode).toBe(404)
      expect(outsider).toBeTruthy()
    })

    it('never renders an SVG or a non-image as a cover', async () => {
      const dir = path.join(s.t.dir, 'media', 'books', 'Svg Author')
      fs.mkdirSync(dir, { recursive: true })
      fs.copyFileSync(path.join(itemDir, 'drawing.svg'), path.join(dir, 'cover.jpg')) // an SVG named .jpg
      const dir2 = path.join(s.t.dir, 'media', 'books', 'Html Author')
      fs.mkdirSync(dir2, { recursive: true })
      fs.copyFileSync(path.join(itemDir, 'notes.html'), path.join(dir2, 'cover.png'))
      const svgItem = await s.fx.item(s.books, {
        title: 'Svg Cover',
        path: dir,
        coverPath: path.join(dir, 'cover.jpg'),
      })
      const textItem = await s.fx.item(s.books, {
        title: 'Text Cover',
        path: dir2,
        coverPath: path.join(dir2, 'cover.png'),
      })
      for (const id of [svgItem, textItem]) {
        for (const q of ['', '?raw=1'])
          expect((await s.t.inject({ method: 'GET', url: `/api/items/${id}/cover${q}` })).statusCode).toBe(
            404,
          )
      }
    })

    it('serves an extracted cover from the metadata folder', async () => {
      const dir = path.join(s.t.config.metadataPath, 'items', s.id.emile)
      fs.mkdirSync(dir, { recursive: true })
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } })
        .png()
        .toFile(path.join(dir, 'cover.png'))
      await s.t.ctx.database.db
        .updateTable('library_items')
        .set({ cover_path: path.join(dir, 'cover.png') })
        .where('id', '=', s.id.emile)
        .execute()
      const res = await s.t.inject({ method: 'GET', url: `/api/items/${s.id.emile}/cover?raw=1` })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
    })
  })
})
