import zlib from 'node:zlib'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { COMPRESS_AT_LEAST_BYTES, CompressedTexts } from './compressed-text.ts'

const big = JSON.stringify({ authors: Array.from({ length: 5000 }, (_, i) => ({ id: `author-${i}`, name: `Author number ${i}` })) })

describe('CompressedTexts', () => {
  it('compresses a text once and again only when it changes', async () => {
    const texts = new CompressedTexts()
    const first = texts.gzipped('k', big)
    expect(texts.gzipped('k', big)).toBe(first)
    const changed = texts.gzipped('k', big.replace('Author number 1', 'Author number X'))
    expect(changed).not.toBe(first)
    expect(zlib.gunzipSync(await changed).toString()).toContain('Author number X')
  })

  it('gzips large bodies for clients that accept it, and nothing else', async () => {
    const texts = new CompressedTexts()
    const app = Fastify()
    app.get('/big', (request, reply) => texts.send(request, reply, 'big', big))
    app.get('/small', (request, reply) => texts.send(request, reply, 'small', '{"a":1}'))
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
