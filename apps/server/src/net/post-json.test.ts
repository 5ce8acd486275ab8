import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalHttpServer, type LocalHttpServer } from '../test-support/local-http-server.ts'
import { createGuardedFetcher, FetchBlockedError, FetchFailedError, type GuardedFetcher } from './index.ts'

describe('guarded fetcher postJson', () => {
  let server: LocalHttpServer
  let fetcher: GuardedFetcher
  const bodies: string[] = []

  beforeAll(async () => {
    server = await startLocalHttpServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        bodies.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`)
        if (req.url === '/moved') res.writeHead(307, { location: '/notify' }).end()
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      })
    })
    fetcher = createGuardedFetcher({ allowHosts: ['localhost'], userAgent: 'Shelfcast/test' })
  })
  afterAll(async () => {
    fetcher.close()
    await server.close()
  })

  it('posts the JSON body and answers the 2xx body', async () => {
    const answer = await fetcher.postJson(`${server.origin('localhost')}/notify`, {
      title: 'Hi',
      urls: ['a'],
    })
    expect(answer.json()).toEqual({ ok: true })
    expect(bodies.at(-1)).toBe('POST /notify application/json {"title":"Hi","urls":["a"]}')
  })

  it('never replays a POST on a redirect, and keeps the address policy', async () => {
    const before = bodies.length
    await expect(fetcher.postJson(`${server.origin('localhost')}/moved`, {})).rejects.toBeInstanceOf(
      FetchFailedError,
    )
    expect(bodies.length).toBe(before + 1)
    await expect(fetcher.postJson(`${server.origin()}/notify`, {})).rejects.toBeInstanceOf(FetchBlockedError)
  })
})
