import path from 'node:path'
import type {
  AuthorMatchResponse,
  CustomMetadataProvider,
  Library,
  LibraryItem,
  MatchItemResponse,
  SearchProvidersResponse,
  Task,
} from '@shelfcast/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BOOKS, createLibrary, itemsOf, makeBookLibrary, settle } from '../../scanner/test-library.ts'
import {
  FAKE_AUTHOR_ASIN,
  FAKE_BOOK_ASIN,
  FAKE_CUSTOM_AUTH,
  NO_HITS,
  startFakeMetadataProviders,
  type FakeMetadataProviders,
  type FakeProviderMode,
} from '../../test-support/fake-metadata-providers.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'

describe('metadata search, matching and custom providers over HTTP', () => {
  let t: TestApp
  let root: string
  let user: string
  let library: Library
  let fake: FakeMetadataProviders
  let adminSocket: TestSocket
  const item = async (rel: string): Promise<LibraryItem> => {
    const found = (await itemsOf(t, library.id)).get(rel)
    if (!found) throw new Error(`no item at ${rel}`)
    return found
  }
  const book = async (rel: string) => {
    const it = await item(rel)
    if (it.mediaType !== 'book' || !('metadata' in it.media) || !('ebookFile' in it.media))
      throw new Error('not a book')
    return { id: it.id, metadata: it.media.metadata, coverPath: it.media.coverPath, tags: it.media.tags }
  }

  beforeAll(async () => {
    fake = await startFakeMetadataProviders({ timeoutMs: 600 })
    const dir = tempDir('shelfcast-match-')
    const rootFolder = path.join(dir, 'books')
    await makeBookLibrary(rootFolder, path.join(dir, 'work'))
    const app = await createInitialisedApp({
      env: { SSRF_REQUEST_FILTER_WHITELIST: 'localhost' },
      metadataProviders: fake.options,
    })
    t = app.t
    root = app.root.accessToken
    library = await createLibrary(t, root, {
      name: 'Books',
      folders: [{ fullPath: rootFolder }],
      mediaType: 'book',
      provider: 'google',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    await t.createUser(root, {
      username: 'reader',
      password: 'pw',
      permissions: { update: true, upload: true },
    })
    user = (await t.login('reader', 'pw')).accessToken
    adminSocket = await connectSocket(await t.listen())
    expect((await adminSocket.auth(root)).event).toBe('init')
  })
  beforeEach(() => {
    fake.mode = 'ok'
  })
  afterAll(async () => {
    adminSocket?.close()
    await t?.close()
    await fake?.close()
  })

  let custom: CustomMetadataProvider
  it('custom providers: admins add, list and remove them; the authorization value never comes back; users get 403', async () => {
    const bad = await t.call('POST', '/api/custom-metadata-providers', root, {
      name: '',
      url: 'https://x.example',
    })
    expect([bad.statusCode, bad.body]).toEqual([400, 'Name and Url required'])
    expect((await t.call('POST', '/api/custom-metadata-providers', root, { name: 'X' })).body).toBe(
      'Name and Url required',
    )
    expect(
      (await t.call('POST', '/api/custom-metadata-providers', root, { name: 'X', url: 'ftp://x.example/' }))
        .body,
    ).toMatch(/Invalid URL$/)

    const created = await t.call('POST', '/api/custom-metadata-providers', root, {
      name: 'My Provider',
      url: `${fake.origin}/custom`,
      mediaType: 'book',
      authHeaderValue: FAKE_CUSTOM_AUTH,
    })
    expect(created.statusCode).toBe(200)
    custom = created.json<{ provider: CustomMetadataProvider }>().provider
    expect(custom).toEqual({
      id: expect.any(String),
      name: 'My Provider',
      url: `${fake.origin}/custom`,
      mediaType: 'book',
      authHeaderValue: '********',
      slug: `custom-${custom.id}`,
    })
    expect(created.body).not.toContain('custom-secret-value')
    expect(await adminSocket.waitFor('custom_metadata_provider_added')).toEqual(custom)

    const listed = await t.call('GET', '/api/custom-metadata-providers', root)
    expect(listed.json()).toEqual({ providers: [custom] })
    expect(listed.body).not.toContain('custom-secret-value')

    for (const [method, url, body] of [
      ['GET', '/api/custom-metadata-providers', undefined],
      ['POST', '/api/custom-metadata-providers', { name: 'Nope', url: 'https://x.example' }],
      ['DELETE', `/api/custom-metadata-providers/${custom.id}`, undefined],
    ] as const) {
      expect([method, (await t.call(method, url, user, body)).statusCode]).toEqual([method, 403])
    }

    const doomed = (
      await t.call('POST', '/api/custom-metadata-providers', root, {
        name: 'Doomed',
        url: 'https://doomed.example',
      })
    ).json<{ provider: CustomMetadataProvider }>().provider
    expect(doomed.authHeaderValue).toBeNull()
    expect((await t.call('DELETE', `/api/custom-metadata-providers/${doomed.id}`, root)).statusCode).toBe(200)
    expect(await adminSocket.waitFor('custom_metadata_provider_removed')).toEqual(doomed)
    expect((await t.call('DELETE', `/api/custom-metadata-providers/${doomed.id}`, root)).statusCode).toBe(404)
  })

  it('lists the built-in providers (every Audible store) and the custom ones', async () => {
    const res = await t.call('GET', '/api/search/providers', user)
    const { providers } = res.json<SearchProvidersResponse>()
    expect(providers.books.map((p) => p.value)).toEqual([
      'google',
      'openlibrary',
      'itunes',
      'audible',
      'audible.ca',
      'audible.uk',
      'audible.au',
      'audible.fr',
      'audible.de',
      'audible.jp',
      'audible.it',
      'audible.in',
      'audible.es',
      'fantlab',
      custom.slug,
    ])
    expect(providers.booksCovers[0]).toEqual({ value: 'all', text: 'All' })
    expect(providers.booksCovers).toContainEqual({ value: 'audiobookcovers', text: 'AudiobookCovers.com' })
    expect(providers.podcasts).toEqual([{ value: 'itunes', text: 'iTunes' }])
  })

  it('searches books and covers; the custom provider gets its Authorization header', async () => {
    const books = await t.call(
      'GET',
      `/api/search/books?title=My%20Book&author=Me&provider=${custom.slug}`,
      user,
    )
    expect(books.json()).toEqual([
      expect.objectContaining({ title: 'My Book', author: 'Me', narrator: 'Custom Narrator' }),
    ])
    expect(fake.requestsTo('/custom/search').at(-1)?.headers.authorization).toBe(FAKE_CUSTOM_AUTH)

    const mort = await book(BOOKS.mort)
    const byItem = await t.call('GET', `/api/search/books?id=${mort.id}&provider=audible.de`, user)
    expect(byItem.json<unknown[]>()[0]).toMatchObject({ title: 'Mort', publisher: 'Audible Studios de' })
    expect((await t.call('GET', '/api/search/books?id=nope', user)).statusCode).toBe(404)
    expect((await t.call('GET', '/api/search/books?title=x&provider=nonsense', user)).body).toBe(
      'Invalid metadata provider',
    )

    const covers = await t.call(
      'GET',
      '/api/search/covers?title=A%20Wizard%20of%20Earthsea&provider=openlibrary',
      user,
    )
    expect(covers.json()).toEqual({ results: [`${fake.origin}/olcovers/b/id/12345-L.jpg`] })
    const all = (await t.call('GET', '/api/search/covers?title=Mort&provider=all', user)).json<{
      results: string[]
    }>().results
    expect(all).toEqual(
      expect.arrayContaining([
        `${fake.origin}/img/google.png`,
        `${fake.origin}/img/audible-us.png`,
        `${fake.origin}/img/itunes/600x600bb.jpg`,
        `${fake.origin}/img/abc/original.png`,
      ]),
    )
    expect(
      (
        await t.call('GET', '/api/search/covers?title=Mort&author=Pratchett&provider=audiobookcovers', user)
      ).json(),
    ).toEqual({ results: [`${fake.origin}/img/abc/original.png`] })
    expect(fake.requestsTo('/abcovers/cover/bytext/').at(-1)?.url.searchParams.get('q')).toBe(
      'Mort Pratchett',
    )
    expect((await t.call('GET', '/api/search/covers?title=Show&podcast=1', user)).json()).toEqual({
      results: [`${fake.origin}/img/pod/600x600bb.jpg`],
    })
    expect((await t.call('GET', '/api/search/covers', user)).statusCode).toBe(400)

    const podcasts = await t.call('GET', '/api/search/podcast?term=Comedy%20Bang&country=gb', user)
    expect(podcasts.json()).toEqual([
      {
        id: 1200361736,
        artistId: 42,
        title: 'Comedy Bang',
        artistName: 'Host',
        description: '<p>Comedy</p>x <a href="https://example.com">link</a>',
        descriptionPlain: 'Comedy\nx link',
        releaseDate: '2024-05-01T10:00:00Z',
        genres: ['Comedy'],
        cover: `${fake.origin}/img/pod/600x600bb.jpg`,
        trackCount: 312,
        feedUrl: `${fake.origin}/feed.xml`,
        pageUrl: 'https://podcasts.apple.com/us/podcast/id1200361736',
        explicit: true,
      },
    ])
    expect(fake.requestsTo('/itunes/search').at(-1)?.url.searchParams.get('country')).toBe('GB')
    expect((await t.call('GET', '/api/search/podcast?term=x&country=nowhere', user)).statusCode).toBe(400)
  })

  it('answers and applies provider descriptions sanitised: escaped markup stays text, no tag comes back to life', async () => {
    const [hit] = (
      await t.call('GET', `/api/search/books?title=My%20Book&provider=${custom.slug}`, user)
    ).json<{ description: string | null }[]>()
    expect(hit?.description).toBe('<p>Says &lt;img src=x onerror=alert(1)&gt;</p>')
    const paper = await book(BOOKS.ebookOnly)
    const res = await t.call('POST', `/api/items/${paper.id}/match`, user, {
      provider: custom.slug,
      overrideDetails: true,
    })
    expect(res.json<MatchItemResponse>().updated).toBe(true)
    const after = (await t.call('GET', `/api/items/${paper.id}?expanded=1`, user)).json<LibraryItem>()
    expect(after.media.metadata).toMatchObject({
      description: '<p>Says &lt;img src=x onerror=alert(1)&gt;</p>',
      descriptionPlain: 'Says <img src=x onerror=alert(1)>',
    })
  })

  it('matches an item: details and the cover (from the provider host) are applied and kept', async () => {
    const earthsea = await book(BOOKS.earthsea)
    const res = await t.call('POST', `/api/items/${earthsea.id}/match`, user, {
      provider: 'google',
      overrideDetails: true,
      overrideCover: true,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<MatchItemResponse>()
    expect(body.updated).toBe(true)
    const after = await book(BOOKS.earthsea)
    expect(after.metadata).toMatchObject({
      title: 'A Wizard of Earthsea (Google)',
      subtitle: 'A Discworld Novel',
      authorName: 'Terry Pratchett',
      publisher: 'HarperCollins',
      publishedYear: '1987',
      isbn: '9780552131063',
      description: '<p>Death takes an <b>apprentice</b>.</p>',
      genres: ['Fiction', 'Fantasy'],
    })
    expect(after.coverPath).not.toBe(earthsea.coverPath)
    const served = await t.inject({ method: 'GET', url: `/api/items/${earthsea.id}/cover?raw=1` })
    expect(served.rawPayload.equals(fake.image)).toBe(true)
    expect(fake.requestsTo('/img/google.png').length).toBeGreaterThan(0)
  })

  it('fills only what is missing without overrides, and says so when nothing matched', async () => {
    const discs = await book(BOOKS.discs)
    const res = await t.call('POST', `/api/items/${discs.id}/match`, user, {
      provider: 'audible.uk',
      overrideDetails: false,
      overrideCover: false,
    })
    expect(res.json<MatchItemResponse>().updated).toBe(true)
    const after = await book(BOOKS.discs)
    expect(after.metadata.title).toBe(discs.metadata.title)
    expect(after.metadata.authorName).toBe(discs.metadata.authorName)
    expect(after.metadata.narrators).toEqual(
      discs.metadata.narrators.length ? discs.metadata.narrators : ['Stephen Briggs'],
    )
    expect(after.metadata.series).toEqual(
      discs.metadata.series.length
        ? discs.metadata.series
        : [expect.objectContaining({ name: 'Discworld', sequence: '4' })],
    )

    const none = await t.call('POST', `/api/items/${discs.id}/match`, user, {
      provider: 'google',
      title: NO_HITS,
    })
    expect([none.statusCode, none.json()]).toEqual([
      200,
      { updated: false, warning: 'Could not fetch metadata - try updating title and/or author' },
    ])
  })

  const failures: FakeProviderMode[] = ['malformed', 'error500', 'slow', 'redirect-private']
  it.each(failures)('a provider answering %s gives a clear 400 and changes nothing', async (mode) => {
    const mort = await book(BOOKS.mort)
    fake.mode = mode
    for (const provider of ['google', 'audible.uk', custom.slug]) {
      const res = await t.call('POST', `/api/items/${mort.id}/match`, user, {
        provider,
        overrideDetails: true,
        overrideCover: true,
      })
      expect([provider, res.statusCode, res.body]).toEqual([
        provider,
        400,
        expect.stringMatching(/^Error fetching metadata: /),
      ])
    }
    const search = await t.call('GET', '/api/search/books?title=Mort&provider=openlibrary', user)
    expect([search.statusCode, search.body]).toEqual([
      400,
      expect.stringMatching(/^Error fetching metadata: /),
    ])
    fake.mode = 'ok'
    expect(await book(BOOKS.mort)).toEqual(mort)
  })

  it('batch quick match runs as a task and reports updates and misses by socket; admins only', async () => {
    const loose = await item(BOOKS.loose)
    const withJson = await item(BOOKS.withJson)
    const mort = await item(BOOKS.mort)
    expect(
      (await t.call('PATCH', `/api/items/${loose.id}/media`, root, { metadata: { title: NO_HITS } }))
        .statusCode,
    ).toBe(200)
    const body = {
      options: { provider: 'audible', overrideDetails: true, overrideCover: true },
      libraryItemIds: [mort.id, withJson.id, loose.id],
    }
    expect((await t.call('POST', '/api/items/batch/quickmatch', user, body)).statusCode).toBe(403)

    const res = await t.call('POST', '/api/items/batch/quickmatch', root, body)
    expect(res.statusCode).toBe(200)
    expect(await adminSocket.waitFor('batch_quickmatch_complete', undefined, 15_000)).toEqual({
      success: true,
      updates: 2,
      unmatched: 1,
    })
    expect(
      await adminSocket.waitFor<Task>('task_finished', (task) => task.action === 'batch-quickmatch'),
    ).toMatchObject({ isFailed: false })
    expect((await book(BOOKS.mort)).metadata.publisher).toBe('Audible Studios us')
    expect((await book(BOOKS.withJson)).metadata.series).toEqual([
      expect.objectContaining({ name: 'Discworld', sequence: '4' }),
    ])
  })

  it('match-all runs over the library as a library-match-all task; admins only', async () => {
    expect((await t.call('GET', `/api/libraries/${library.id}/matchall`, user)).statusCode).toBe(403)
    // Slow answers keep the first run going while the second asks; each slow book counts as unmatched.
    fake.mode = 'slow'
    expect((await t.call('GET', `/api/libraries/${library.id}/matchall`, root)).statusCode).toBe(200)
    const twice = await t.call('GET', `/api/libraries/${library.id}/matchall`, root)
    expect([twice.statusCode, twice.body]).toEqual([409, 'This library is already being matched'])
    const task = await adminSocket.waitFor<Task>(
      'task_finished',
      (x) => x.action === 'library-match-all',
      20_000,
    )
    expect(task).toMatchObject({
      isFailed: false,
      data: { libraryId: library.id },
      description: expect.stringMatching(/^0 updated, \d+ with no matches$/),
    })
    expect(
      fake
        .requestsTo('/google/books/v1/volumes')
        .some((r) => r.url.searchParams.get('q')?.includes('The Paper Book')),
    ).toBe(true)
  })

  it('looks up authors and Audible chapters on Audnexus', async () => {
    const author = await t.call('GET', '/api/search/authors?q=Terry%20Pratchet&region=de', user)
    expect(author.json()).toEqual({
      asin: FAKE_AUTHOR_ASIN,
      name: 'Terry Pratchett',
      description: 'Sir Terry Pratchett wrote 41 Discworld novels.',
      image: `${fake.origin}/img/author.png`,
    })
    expect((await t.call('GET', `/api/search/authors?q=${encodeURIComponent(NO_HITS)}`, user)).body).toBe(
      'null',
    )
    const chapters = await t.call('GET', `/api/search/chapters?asin=${FAKE_BOOK_ASIN}&region=UK`, user)
    expect(chapters.json()).toMatchObject({
      asin: FAKE_BOOK_ASIN,
      region: 'uk',
      chapters: [{ title: 'Opening Credits' }, { title: 'Chapter 1', startOffsetMs: 30000 }],
    })
    expect((await t.call('GET', '/api/search/chapters?asin=B000000000', user)).json()).toEqual({
      error: 'Chapters not found',
    })
    expect((await t.call('GET', '/api/search/chapters?asin=nope', user)).body).toMatch(/Invalid ASIN$/)
    expect((await t.call('GET', '/api/search/chapters', user)).body).toBe('ASIN required')
  })

  it('answers a chapter lookup whose region is unknown or whose provider fails with a clear 400', async () => {
    const region = await t.call('GET', `/api/search/chapters?asin=${FAKE_BOOK_ASIN}&region=xx`, user)
    expect(region.statusCode).toBe(400)
    for (const mode of ['error500', 'malformed', 'wrong-shape', 'slow', 'redirect-private'] as const) {
      fake.mode = mode
      const res = await t.call('GET', `/api/search/chapters?asin=${FAKE_BOOK_ASIN}`, user)
      expect([mode, res.statusCode, res.body]).toEqual([
        mode,
        400,
        expect.stringMatching(/^Error fetching metadata: /),
      ])
    }
    fake.mode = 'ok'
  })

  it('matches an author on Audnexus by ASIN or name: name, ASIN, description and image', async () => {
    const mort = await item(BOOKS.mort)
    const authorId =
      mort.media.metadata && 'authors' in mort.media.metadata ? mort.media.metadata.authors[0]?.id : undefined
    if (!authorId) throw new Error('Mort has no author')
    const res = await t.call('POST', `/api/authors/${authorId}/match`, user, {
      asin: FAKE_AUTHOR_ASIN,
      region: 'uk',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<AuthorMatchResponse>()
    expect(body).toMatchObject({
      updated: true,
      author: {
        id: authorId,
        name: 'Terry Pratchett',
        asin: FAKE_AUTHOR_ASIN,
        description: 'Sir Terry Pratchett wrote 41 Discworld novels.',
      },
    })
    expect(body.author.imagePath).toBeTruthy()
    expect(
      fake.requestsTo(`/audnexus/authors/${FAKE_AUTHOR_ASIN}`).at(-1)?.url.searchParams.get('region'),
    ).toBe('uk')
    const image = await t.inject({ method: 'GET', url: `/api/authors/${authorId}/image?raw=1` })
    expect(image.rawPayload.equals(fake.image)).toBe(true)

    const again = await t.call('POST', `/api/authors/${authorId}/match`, user, { q: 'Terry Pratchet' })
    expect(again.json<AuthorMatchResponse>()).toMatchObject({
      updated: false,
      author: { asin: FAKE_AUTHOR_ASIN },
    })
    const unknown = await t.call('POST', `/api/authors/${authorId}/match`, user, { q: NO_HITS })
    expect([unknown.statusCode, unknown.body]).toEqual([404, 'Author not found'])
    expect(
      (await t.call('POST', `/api/authors/${authorId}/match`, user, { asin: 'B000000000' })).statusCode,
    ).toBe(404)
    expect((await t.call('POST', `/api/authors/${authorId}/match`, user, {})).statusCode).toBe(400)
    fake.mode = 'error500'
    const failed = await t.call('POST', `/api/authors/${authorId}/match`, user, { asin: FAKE_AUTHOR_ASIN })
    expect([failed.statusCode, failed.body]).toEqual([
      400,
      'Error fetching metadata: The remote server answered with status 500',
    ])
  })
})
