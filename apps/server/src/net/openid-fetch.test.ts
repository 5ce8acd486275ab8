import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalHttpServer, type LocalHttpServer } from '../test-support/local-http-server.ts'
import { createGuardedFetcher, createOpenIDFetch, FetchBlockedError, type GuardedFetcher } from './index.ts'

describe('the fetch openid-client is given', () => {
  let server: LocalHttpServer
  let fetcher: GuardedFetcher
  const seen: string[] = []

  beforeAll(async () => {
    server = await startLocalHttpServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`)
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end()
        else if (req.url === '/token')
          res
            .writeHead(400, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
            .end('{"error":"invalid_grant"}')
        else res.writeHead(204).end()
      })
    })
    fetcher = createGuardedFetcher({ allowHosts: ['localhost'], userAgent: 'Shelfcast/test' })
  })
  afterAll(async () => {
    fetcher.close()
    await server.close()
  })

  it('sends the form body with its own type and answers an error status as it came', async () => {
    const fetch = createOpenIDFetch(fetcher)
    const res = await fetch(`${server.origin('localhost')}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
      redirect: 'manual',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'invalid_grant' })
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(seen.at(-1)).toBe(
      'POST /token application/x-www-form-urlencoded grant_type=authorization_code&code=c',
    )
  })

  it('leaves redirects to the caller and empty answers empty', async () => {
    const fetch = createOpenIDFetch(fetcher)
    const moved = await fetch(`${server.origin('localhost')}/moved`, {
      method: 'GET',
      headers: {},
      redirect: 'manual',
    })
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe('/elsewhere')
    expect(seen.filter((s) => s.includes('/elsewhere'))).toEqual([])
    const empty = await fetch(`${server.origin('localhost')}/empty`, {
      method: 'GET',
      headers: {},
      redirect: 'manual',
    })
    expect(empty.status).toBe(204)
  })

  it('keeps the address policy: a local provider not on the allowlist is refused', async () => {
    const strict = createGuardedFetcher({ userAgent: 'Shelfcast/test' })
    try {
      await expect(
        createOpenIDFetch(strict)(`${server.origin('localhost')}/token`, {
          method: 'GET',
          headers: {},
          redirect: 'manual',
        }),
      ).rejects.toBeInstanceOf(FetchBlockedError)
    } finally {
      strict.close()
    }
  })
})
