import fs from 'node:fs'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { namedRoutes, routeKey } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordedRoutes } from '../http/serve-route.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { openApiText, shelfcastOpenApi } from './shelfcast-openapi.ts'

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
    const undeclared = served.filter((key) => !declared.includes(key))
    expect(undeclared, 'served but not declared in packages/contracts/src/routes').toEqual([])
    expect(
      declared.filter((key) => !served.includes(key)),
      'declared but not served',
    ).toEqual([])
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
