import fs from 'node:fs'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { namedRoutes, routeKey } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordedRoutes } from '../http/serve-route.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { openApiText, shelfcastOpenApi } from './shelfcast-openapi.ts'

/**
 * Routes Fastify serves that the table does not declare yet. Each is moved into a group of
 * packages/contracts/src/routes (and its client calls to `api.call`); this list only shrinks.
 */
const NOT_YET_DECLARED = new Set<string>([
  // modules/system/system.routes.ts
  'GET /status',
  'GET /ping',
  'POST /api/validate-cron',
  'GET /healthcheck',
  'POST /init',
  // modules/auth/auth.routes.ts
  'POST /login',
  'POST /auth/refresh',
  'POST /logout',
  'POST /api/authorize',
  // modules/me/me.routes.ts
  'GET /api/me',
  'GET /api/me/items-in-progress',
  'PATCH /api/me/password',
  'GET /api/me/series/:id/remove-from-continue-listening',
  'GET /api/me/series/:id/readd-to-continue-listening',
  // modules/users/users.routes.ts
  'GET /api/users',
  'GET /api/users/online',
  'POST /api/users',
  'GET /api/users/:id',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  // modules/api-keys/api-keys.routes.ts
  'GET /api/api-keys',
  'POST /api/api-keys',
  'PATCH /api/api-keys/:id',
  'DELETE /api/api-keys/:id',
  // modules/settings/settings.routes.ts
  'PATCH /api/settings',
  // modules/libraries/libraries.routes.ts
  'GET /api/libraries',
  'GET /api/libraries/:id',
  'POST /api/libraries',
  'PATCH /api/libraries/:id',
  'DELETE /api/libraries/:id',
  'POST /api/libraries/order',
  // modules/library-items/items.routes.ts
  'GET /api/items/:id',
  'POST /api/items/batch/get',
  'GET /api/items/:id/cover',
  'GET /api/items/:id/file/:ino',
  'GET /api/items/:id/ebook',
  'GET /api/items/:id/ebook/:fileid',
  // modules/listing/listing.routes.ts
  'GET /api/libraries/:id/items',
  // modules/filter-data/filter-data.routes.ts
  'GET /api/libraries/:id/filterdata',
  'GET /api/tags',
  'GET /api/genres',
  // modules/series/series.routes.ts
  'GET /api/libraries/:id/series',
  'GET /api/libraries/:id/series/:seriesId',
  'GET /api/series/:id',
  // modules/authors/authors.routes.ts
  'GET /api/libraries/:id/authors',
  'GET /api/libraries/:id/narrators',
  'GET /api/authors/:id',
  'GET /api/authors/:id/image',
  // modules/personalized/personalized.routes.ts
  'GET /api/libraries/:id/personalized',
  // modules/search/search.routes.ts
  'GET /api/libraries/:id/search',
  // modules/library-stats/library-stats.routes.ts
  'GET /api/libraries/:id/stats',
  // modules/filesystem/filesystem.routes.ts
  'GET /api/filesystem',
  // scanner/scan.routes.ts
  'POST /api/libraries/:id/scan',
  'POST /api/items/batch/scan',
  'POST /api/items/:id/scan',
  'POST /api/watcher/update',
  // jobs/tasks.routes.ts
  'GET /api/tasks',
  // modules/item-edit/item-edit.routes.ts
  'PATCH /api/items/:id/media',
  'POST /api/items/:id/chapters',
  'POST /api/items/:id/cover',
  'PATCH /api/items/:id/cover',
  'DELETE /api/items/:id/cover',
  'DELETE /api/items/:id',
  'POST /api/items/batch/delete',
  'DELETE /api/libraries/:id/issues',
  'POST /api/items/batch/update',
  // modules/authors/author-edit.routes.ts
  'PATCH /api/authors/:id',
  'DELETE /api/authors/:id',
  'POST /api/authors/:id/image',
  'DELETE /api/authors/:id/image',
  // modules/metadata-providers/metadata-providers.routes.ts
  'GET /api/search/providers',
  'GET /api/search/books',
  'GET /api/search/covers',
  'GET /api/search/podcast',
  'GET /api/search/authors',
  'GET /api/search/chapters',
  'POST /api/items/:id/match',
  'POST /api/items/batch/quickmatch',
  'GET /api/libraries/:id/matchall',
  'POST /api/authors/:id/match',
  'GET /api/custom-metadata-providers',
  'POST /api/custom-metadata-providers',
  'DELETE /api/custom-metadata-providers/:id',
  // modules/upload/upload.routes.ts
  'POST /api/upload',
  'POST /api/filesystem/pathexists',
  // modules/downloads/downloads.routes.ts
  'GET /api/items/:id/download',
  'GET /api/items/:id/file/:ino/download',
  'GET /api/libraries/:id/download',
  // modules/podcasts/podcasts.routes.ts
  'POST /api/podcasts/feed',
  'POST /api/podcasts',
  'GET /api/libraries/:id/podcast-titles',
  'POST /api/podcasts/opml/parse',
  'POST /api/podcasts/opml/create',
  'GET /api/libraries/:id/opml',
  'GET /api/libraries/:id/recent-episodes',
  'GET /api/podcasts/:id/episode/:episodeId',
  'PATCH /api/podcasts/:id/episode/:episodeId',
  'DELETE /api/podcasts/:id/episode/:episodeId',
  'GET /api/podcasts/:id/search-episode',
  'POST /api/podcasts/:id/match-episodes',
  // modules/podcast-downloads/podcast-downloads.routes.ts
  'GET /api/podcasts/:id/checknew',
  'POST /api/podcasts/:id/download-episodes',
  'GET /api/podcasts/:id/downloads',
  'GET /api/podcasts/:id/clear-queue',
  'DELETE /api/podcasts/downloads/:downloadId',
  'GET /api/libraries/:id/episode-downloads',
])

/** Served by the server but not API routes: the web client's files. */
const NOT_API = new Set(['GET /*'])

const committed = path.resolve(import.meta.dirname, '../../../../docs/openapi.json')

describe('the route table', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  it('declares every route the server serves, and the server serves every declared route', () => {
    const served = recordedRoutes(t.app).filter((key) => !NOT_API.has(key))
    const declared = namedRoutes.map(({ route }) => routeKey(route))
    expect(new Set(declared).size, 'a route is declared twice').toBe(declared.length)
    const undeclared = served.filter((key) => !declared.includes(key) && !NOT_YET_DECLARED.has(key))
    expect(undeclared, 'served but not declared in packages/contracts/src/routes').toEqual([])
    expect(
      declared.filter((key) => !served.includes(key)),
      'declared but not served',
    ).toEqual([])
    const stale = [...NOT_YET_DECLARED].filter((key) => declared.includes(key) || !served.includes(key))
    expect(stale, 'NOT_YET_DECLARED lists routes that are declared now (or gone): remove them').toEqual([])
  })

  it('is described by docs/openapi.json as committed (npm run openapi writes it)', () => {
    expect(
      fs.readFileSync(committed, 'utf8') === openApiText(),
      'docs/openapi.json is stale: run npm run openapi',
    ).toBe(true)
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(shelfcastOpenApi())
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('is served to admins at /api/openapi.json, and to no one else', async () => {
    const res = await t.call('GET', '/api/openapi.json', root.accessToken)
    expect(res.statusCode).toBe(200)
    const doc = res.json<{
      openapi: string
      paths: Record<string, Record<string, { operationId: string }>>
    }>()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/collections/{id}']?.get?.operationId).toBe('collections.get')
    await t.createUser(root.accessToken, { username: 'listener', password: 'pw' })
    const listener = await t.login('listener', 'pw')
    expect((await t.call('GET', '/api/openapi.json', listener.accessToken)).statusCode).toBe(403)
    expect((await t.call('GET', '/api/openapi.json', null)).statusCode).toBe(401)
  })
})
