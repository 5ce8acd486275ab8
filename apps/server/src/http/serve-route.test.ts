import { defineRoute } from '@shelfcast/contracts'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { installErrorHandling } from './errors.ts'
import { checkedText, recordedRoutes, recordRoutes, serveRoute } from './serve-route.ts'

const Thing = z.object({ id: z.string(), size: z.number() })
const routes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/things/:id',
    tag: 'Test',
    summary: 'A thing',
    query: z.object({ size: z.coerce.number().int().min(0).max(10).optional() }),
    answer: Thing,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/things',
    tag: 'Test',
    summary: 'Makes a thing',
    body: z.object({ id: z.string().min(1, 'Id is required') }),
    answer: Thing,
  }),
  drifted: defineRoute({
    method: 'GET',
    path: '/api/drifted',
    tag: 'Test',
    summary: 'Answers outside its contract',
    answer: Thing,
  }),
}

describe('serveRoute', () => {
  const app = Fastify()
  beforeAll(async () => {
    recordRoutes(app)
    installErrorHandling(app)
    serveRoute(app, routes.get, ({ params, query }) => ({ id: params.id, size: query.size ?? 0 }))
    serveRoute(app, routes.create, ({ body }) => ({ id: body.id, size: 1 }))
    // The test suite runs with SHELFCAST_CHECK_ANSWERS=1: this builder's drift must fail loudly.
    serveRoute(app, routes.drifted, () => ({ id: 'x', size: 'big' }) as unknown as z.input<typeof Thing>)
    await app.ready()
  })
  afterAll(() => app.close())

  it('parses params, query and body with the contract', async () => {
    expect((await app.inject({ url: '/api/things/a1?size=3' })).json()).toEqual({ id: 'a1', size: 3 })
    const made = await app.inject({ method: 'POST', url: '/api/things', payload: { id: 'b2' } })
    expect(made.json()).toEqual({ id: 'b2', size: 1 })
  })

  it('answers 400 with the field named for a bad query or body', async () => {
    const badQuery = await app.inject({ url: '/api/things/a1?size=99' })
    expect(badQuery.statusCode).toBe(400)
    expect(badQuery.body).toMatch(/^size: Too big/)
    const badBody = await app.inject({ method: 'POST', url: '/api/things', payload: { id: '' } })
    expect(badBody.statusCode).toBe(400)
    expect(badBody.body).toBe('Id is required')
  })

  it('fails an answer that drifted from its contract while tests run', async () => {
    expect(process.env.SHELFCAST_CHECK_ANSWERS).toBe('1')
    const res = await app.inject({ url: '/api/drifted' })
    expect(res.statusCode).toBe(500)
  })

  it('records every route once, without the HEAD twin of a GET', () => {
    expect(recordedRoutes(app)).toEqual(['GET /api/things/:id', 'POST /api/things', 'GET /api/drifted'])
  })
})

describe('checkedText', () => {
  it('checks an answer made as JSON text against its contract while tests run, and hands the text on', async () => {
    const good = '{"id":"a1","size":1}'
    await expect(checkedText(routes.get, () => Promise.resolve(good))()).resolves.toBe(good)
    await expect(
      checkedText(routes.get, () => Promise.resolve('{"id":"a1","size":"big"}'))(),
    ).rejects.toThrow('GET /api/things/:id answered outside its contract: size')
  })
})
