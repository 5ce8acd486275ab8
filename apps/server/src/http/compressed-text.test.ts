import zlib from 'node:zlib'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { COMPRESS_AT_LEAST_BYTES, gzipText, sendJsonText } from './compressed-text.ts'

const big = JSON.stringify({
  authors: Array.from({ length: 5000 }, (_, i) => ({ id: `author-${i}`, name: `Author number ${i}` })),
})

describe('sendJsonText', () => {
  it('gzips large bodies for clients that accept it, and nothing else', async () => {
    const app = Fastify()
    app.get('/big', (request, reply) => sendJsonText(request, reply, big, () => gzipText(big)))
    app.get('/small', (request, reply) => sendJsonText(request, reply, '{"a":1}', () => gzipText('{"a":1}')))
    expect(big.length).toBeGreaterThan(COMPRESS_AT_LEAST_BYTES)

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toContain('application/json')
    expect(gz.rawPayload.length).toBeLessThan(big.length / 4)
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(big)

    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(big)

    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ a: 1 })
    await app.close()
  })
})
