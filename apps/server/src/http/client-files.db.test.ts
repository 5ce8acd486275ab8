import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, tempDir, type TestApp } from '../test-support/test-app.ts'

const INDEX =
  '<!doctype html><html><head><base href="/" /><title>Shelfcast</title></head><body><div id="root"></div></body></html>'
const SECRET = 'top-secret-outside-the-client-folder'

/** A raw GET over a real socket: the path goes out byte for byte (inject() would normalise `%2e%2e`). */
function rawGet(base: string, rawPath: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/`, { path: rawPath }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
}

describe('the web client: SPA fallback, base href, caching and containment', () => {
  let t: TestApp
  let dist: string

  beforeAll(async () => {
    const outer = tempDir('shelfcast-client-')
    dist = path.join(outer, 'dist')
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app")')
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *')
    fs.writeFileSync(path.join(outer, 'secret.txt'), SECRET)
    t = await createTestApp({ env: { CLIENT_DIST_PATH: dist } })
  })
  afterAll(() => t.close())

  const get = (url: string) => t.inject({ method: 'GET', url })

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/library/x', '/login', '/config/users/123', '/index.html']) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<base href="/" />')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('rewrites <base href> for requests through ROUTER_BASE_PATH', async () => {
    for (const url of ['/audiobookshelf/library/x', '/audiobookshelf/', '/audiobookshelf']) {
      const res = await get(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<base href="/audiobookshelf/" />')
      expect(res.body).not.toContain('<base href="/" />')
    }
    // And back: the rewrite is per request, not sticky.
    expect((await get('/library/x')).body).toContain('<base href="/" />')
  })

  it('serves fingerprinted assets as immutable and other files as no-cache', async () => {
    const js = await get('/assets/app.js')
    expect(js.statusCode).toBe(200)
    expect(js.body).toBe('console.log("app")')
    expect(js.headers['content-type']).toMatch(/^text\/javascript/)
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.headers['x-content-type-options']).toBe('nosniff')
    expect((await get('/audiobookshelf/assets/app.js')).body).toBe('console.log("app")')
    expect((await t.inject({ method: 'HEAD', url: '/assets/app.js' })).statusCode).toBe(200)
    const robots = await get('/robots.txt')
    expect(robots.headers['cache-control']).toBe('no-cache')
  })

  it('answers a file the browser has already with 304 (ETag and Last-Modified)', async () => {
    const first = await get('/assets/app.js')
    const etag = first.headers.etag
    expect(etag).toBeTruthy()
    expect(first.headers['last-modified']).toBeTruthy()
    const again = await t.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'if-none-match': String(etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const since = await t.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
    })
    expect(since.statusCode).toBe(304)
  })

  it('a missing file with an extension is a 404, not index.html', async () => {
    const res = await get('/assets/missing.js')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('<base')
  })

  it('unknown server paths answer 404 text, never index.html', async () => {
    for (const url of [
      '/api/unknown',
      '/api',
      '/api/',
      '/audiobookshelf/api/unknown',
      '/auth/nope',
      '/hls/x/output.m3u8',
      '/public/x',
      '/feed/x',
    ]) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toBe('Not found')
    }
  })

  it('traversal attempts never reach a file outside the folder (raw paths over a real socket)', async () => {
    const base = await t.listen()
    const attempts = [
      '/..%2f..%2fetc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%5c..%5cetc/passwd',
      '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/%252e%252e%252f%252e%252e%252fetc%252fpasswd',
      '/..%252f..%252fetc/passwd',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/audiobookshelf/..%2fsecret.txt',
      '/..%c0%af..%c0%afetc/passwd',
      '/%00/../secret.txt',
      '/....//....//secret.txt',
      '/../secret.txt',
      '/assets/../../secret.txt',
    ]
    for (const url of attempts) {
      const res = await rawGet(base, url)
      expect(res.statusCode, url).toBeLessThan(500)
      expect(res.body, url).not.toContain(SECRET)
      expect(res.body, url).not.toMatch(/root:.*:0:0:/)
    }
    // Those that decode to a path leaving the folder are refused outright.
    for (const url of [...attempts.slice(0, 3), ...attempts.slice(6, 10), ...attempts.slice(-2)]) {
      expect((await rawGet(base, url)).statusCode, url).toBe(404)
    }
  })

  it('logged nothing at error level', () => {
    expect(t.logs.errors()).toEqual([])
  })
})

describe('without a built client', () => {
  it('explains the missing build instead of serving nothing, and still 404s server paths', async () => {
    const t = await createTestApp()
    try {
      const res = await t.inject({ method: 'GET', url: '/library/x' })
      expect(res.body).toMatch(/not built/)
      expect((await t.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
