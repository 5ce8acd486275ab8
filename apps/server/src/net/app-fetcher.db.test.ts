import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalHttpServer, type LocalHttpServer } from '../test-support/local-http-server.ts'
import { createTestApp } from '../test-support/test-app.ts'
import { FetchBlockedError } from './index.ts'

describe('the app context fetcher', () => {
  let server: LocalHttpServer
  beforeAll(async () => {
    server = await startLocalHttpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
    )
  })
  afterAll(() => server.close())

  it('takes its allowlist from SSRF_REQUEST_FILTER_WHITELIST and names the server in its User-Agent', async () => {
    const t = await createTestApp({ env: { SSRF_REQUEST_FILTER_WHITELIST: 'nas.lan, 127.0.0.1' } })
    try {
      expect(await t.ctx.fetcher.fetchText(`${server.origin()}/`)).toBe('ok')
      expect(server.requests.at(-1)?.headers['user-agent']).toBe(`Shelfcast/${t.config.version}`)
    } finally {
      await t.close()
    }
  })

  it('refuses loopback without the allowlist', async () => {
    const t = await createTestApp()
    try {
      await expect(t.ctx.fetcher.fetchText(`${server.origin()}/`)).rejects.toBeInstanceOf(FetchBlockedError)
    } finally {
      await t.close()
    }
  })
})
