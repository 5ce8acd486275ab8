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
  // modules/playback/playback.routes.ts
  'POST /api/items/:id/play',
  'POST /api/items/:id/play/:episodeId',
  'POST /api/session/local',
  'POST /api/session/local-all',
  'POST /api/session/:id/sync',
  'POST /api/session/:id/close',
  'GET /api/session/:id',
  'GET /public/session/:id/track/:index',
  'GET /hls/:stream/:file',
  'GET /api/sessions',
  'GET /api/sessions/open',
  'DELETE /api/sessions/:id',
  'POST /api/sessions/batch/delete',
  'GET /api/me/listening-sessions',
  'GET /api/me/item/listening-sessions/:id/:episodeId?',
  'GET /api/me/listening-stats',
  'GET /api/users/:id/listening-sessions',
  'GET /api/users/:id/listening-stats',
  'GET /api/me/progress',
  'GET /api/me/progress/:id/remove-from-continue-listening',
  'GET /api/me/progress/:id/:episodeId?',
  'PATCH /api/me/progress/batch/update',
  'PATCH /api/me/progress/:id/:episodeId?',
  'DELETE /api/me/progress/:id',
  'GET /api/me/bookmarks',
  'GET /api/me/bookmarks/:id',
  'POST /api/me/item/:id/bookmark',
  'PATCH /api/me/item/:id/bookmark',
  'DELETE /api/me/item/:id/bookmark/:time',
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
