import { defaultPermissions } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import type { UserRecord } from '../modules/users/users.model.ts'
import { AnswerCache, showsProgress, visibilityFingerprint, type AnswerSpec } from './answer-cache.ts'

const user = (id: string, over: Partial<UserRecord> = {}): UserRecord => ({
  id,
  username: id,
  email: null,
  passwordHash: null,
  type: 'user',
  isActive: true,
  isLocked: false,
  permissions: defaultPermissions('user'),
  librariesAccessible: [],
  itemTagsSelected: [],
  seriesHideFromContinueListening: [],
  createdAt: 0,
  updatedAt: 0,
  lastSeen: null,
  ...over,
})

const versions = () => {
  const v = { content: 0, users: new Map<string, number>() }
  return {
    v,
    api: { contentStamp: () => String(v.content), userVersion: (id: string) => v.users.get(id) ?? 0 },
  }
}
const spec = (over: Partial<AnswerSpec> = {}): AnswerSpec => ({
  kind: 'items',
  libraryId: 'lib',
  user: user('a'),
  query: { page: 0 },
  byUser: false,
  ...over,
})

describe('AnswerCache', () => {
  it('computes once per key and again after a content or user version moves', async () => {
    const { v, api } = versions()
    const cache = new AnswerCache(api)
    let n = 0
    const compute = () => Promise.resolve({ n: ++n })
    expect(await cache.text(spec(), compute)).toBe('{"n":1}')
    expect(await cache.text(spec(), compute)).toBe('{"n":1}')
    // Another user with the same rights shares the answer; one whose own progress shows does not.
    expect(await cache.text(spec({ user: user('b') }), compute)).toBe('{"n":1}')
    expect(await cache.text(spec({ user: user('b'), byUser: true }), compute)).toBe('{"n":2}')
    v.users.set('b', 1)
    expect(await cache.text(spec({ user: user('b'), byUser: true }), compute)).toBe('{"n":3}')
    expect(await cache.text(spec(), compute)).toBe('{"n":1}')
    v.content++
    expect(await cache.text(spec(), compute)).toBe('{"n":4}')
    expect(await cache.text(spec({ query: { page: 1 } }), compute)).toBe('{"n":5}')
  })

  it('shares an answer being made, and keeps no failure', async () => {
    const { api } = versions()
    const cache = new AnswerCache(api)
    let n = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const slow = async () => {
      n++
      await gate
      return n
    }
    const both = Promise.all([cache.text(spec(), slow), cache.text(spec(), slow)])
    release()
    expect(await both).toEqual(['1', '1'])
    await expect(cache.text(spec({ kind: 'x' }), () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect(await cache.text(spec({ kind: 'x' }), () => Promise.resolve('fine'))).toBe('"fine"')
  })

  it('holds at most maxBytes, dropping the least recently used first', async () => {
    const { api } = versions()
    const cache = new AnswerCache(api, { maxBytes: 2 * 2 * 12 })
    let n = 0
    const ten = () => Promise.resolve(`${++n}`.padStart(10, '0'))
    await cache.text(spec({ query: 1 }), ten)
    await cache.text(spec({ query: 2 }), ten)
    await cache.text(spec({ query: 1 }), ten) // 1 is now the most recent
    await cache.text(spec({ query: 3 }), ten) // drops 2
    expect(cache.size).toBeLessThanOrEqual(48)
    expect(await cache.text(spec({ query: 1 }), ten)).toBe('"0000000001"')
    expect(await cache.text(spec({ query: 2 }), ten)).toBe('"0000000004"')
  })

  it('tells rights apart and progress queries from others', () => {
    const fp = (over: Partial<UserRecord>) => visibilityFingerprint(user('a', over))
    const p = defaultPermissions('user')
    expect(fp({})).toBe(visibilityFingerprint(user('other')))
    expect(fp({ permissions: { ...p, accessExplicitContent: !p.accessExplicitContent } })).not.toBe(fp({}))
    expect(fp({ permissions: { ...p, accessAllLibraries: false }, librariesAccessible: ['x'] })).not.toBe(
      fp({ permissions: { ...p, accessAllLibraries: false }, librariesAccessible: ['y'] }),
    )
    const tags = { ...p, accessAllTags: false }
    expect(fp({ permissions: tags, itemTagsSelected: ['a'] })).not.toBe(
      fp({ permissions: { ...tags, selectedTagsNotAccessible: true }, itemTagsSelected: ['a'] }),
    )
    expect(showsProgress({ sort: 'progress' })).toBe(true)
    expect(showsProgress({ filter: 'progress.Zmluaxo=' })).toBe(true)
    expect(showsProgress({ include: 'progress' })).toBe(true)
    expect(showsProgress({ sort: 'media.metadata.title', filter: 'genres.eA==', page: 2 })).toBe(false)
  })
})

describe('AnswerCache.send', () => {
  it('gzips a large answer once, keeps the gzip with the answer and counts it in the byte bound', async () => {
    const { default: Fastify } = await import('fastify')
    const { gunzipSync } = await import('node:zlib')
    const { api } = versions()
    const cache = new AnswerCache(api)
    const big = { words: Array.from({ length: 5000 }, (_, i) => `word ${i}`) }
    const app = Fastify()
    app.get('/a', (request, reply) => cache.send(request, reply, spec(), () => Promise.resolve(big)))
    const text = JSON.stringify(big)
    const asked = () => app.inject({ url: '/a', headers: { 'accept-encoding': 'gzip' } })
    const first = await asked()
    expect(first.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(first.rawPayload).toString()).toBe(text)
    await new Promise((resolve) => setImmediate(resolve))
    const withGzip = cache.size
    expect(withGzip).toBeGreaterThan(text.length * 2)
    const second = await asked()
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0)
    expect(cache.size).toBe(withGzip)
    // Without gzip asked, the same text goes out plain.
    const plain = await app.inject({ url: '/a' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(text)
    await app.close()
  })
})
