import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'

/** The headers every answer carries, whatever route, status or content type. */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '')
  expect(csp, what).toContain("default-src 'self'")
  expect(csp, what).toContain("frame-ancestors 'self'")
  expect(csp, what).toContain("object-src 'none'")
  expect(csp, what).toMatch(/script-src 'self' https:\/\/www\.gstatic\.com/)
  expect(csp, what).toMatch(/media-src 'self' blob:/)
  expect(csp, what).toMatch(/worker-src 'self' blob:/)
  expect(csp, what).not.toContain('upgrade-insecure-requests')
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  // Other origins' players and images must still load our covers and audio; https is the proxy's call.
  expect(headers['cross-origin-resource-policy'], what).toBeUndefined()
  expect(headers['cross-origin-embedder-policy'], what).toBeUndefined()
  expect(headers['strict-transport-security'], what).toBeUndefined()
}

describe('security headers on every answer', () => {
  let t: TestApp
  let root: LoggedIn

  beforeAll(async () => {
    const dist = tempDir('shelfcast-dist-')
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><base href="/" /></head><body>app</body></html>',
    )
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)')
    fs.writeFileSync(
      path.join(dist, 'reader-frame.html'),
      '<html><body><script src="reader-frame.js"></script></body></html>',
    )
    ;({ t, root } = await createInitialisedApp({ env: { CLIENT_DIST_PATH: dist } }))
  })
  afterAll(() => t.close())

  it('HTML: index.html, SPA fallbacks, under the base path', async () => {
    for (const url of ['/', '/index.html', '/library/x/bookshelf', '/login', '/audiobookshelf/item/1']) {
      const res = await t.inject({ method: 'GET', url })
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expectSecurityHeaders(res.headers, url)
    }
  })

  it('client files, API answers, errors and 404s', async () => {
    const answers = {
      asset: await t.inject({ method: 'GET', url: '/assets/app.js' }),
      api: await t.call('GET', '/api/me', root.accessToken),
      unauthorised: await t.call('GET', '/api/me'),
      notFound: await t.call('GET', '/api/nope', root.accessToken),
      badInput: await t.call('POST', '/api/libraries', root.accessToken, { name: 42 }),
      ping: await t.inject({ method: 'GET', url: '/ping' }),
    }
    expect(answers.api.statusCode).toBe(200)
    expect(answers.unauthorised.statusCode).toBe(401)
    expect(answers.notFound.statusCode).toBe(404)
    expect(answers.badInput.statusCode).toBe(400)
    for (const [what, res] of Object.entries(answers)) expectSecurityHeaders(res.headers, what)
  })

  it("the ebook reader's frame: its own policy, no book script, nothing from the network", async () => {
    const res = await t.inject({ method: 'GET', url: '/reader-frame.html?scripts=1' })
    expect(res.statusCode).toBe(200)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|blob:)/)
    expect(csp).toContain('img-src blob: data:')
    expect(csp).not.toMatch(/https?:/)
    expect(csp).toContain("frame-ancestors 'self'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})

describe('the "allow iframe" server setting', () => {
  it('lets other sites frame the web client while it is on, at once, and never the reader frame', async () => {
    const dist = tempDir('shelfcast-dist-')
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><body>app</body></html>')
    fs.writeFileSync(path.join(dist, 'reader-frame.html'), '<html><body>frame</body></html>')
    const { t, root } = await createInitialisedApp({ env: { CLIENT_DIST_PATH: dist } })
    try {
      const page = () => t.inject({ method: 'GET', url: '/login' })
      expect((await page()).headers['x-frame-options']).toBe('SAMEORIGIN')
      const on = await t.call('PATCH', '/api/settings', root.accessToken, { allowIframe: true })
      expect(on.statusCode).toBe(200)
      const framed = await page()
      expect(framed.headers['x-frame-options']).toBeUndefined()
      expect(String(framed.headers['content-security-policy'])).toContain('frame-ancestors *')
      expect(String(framed.headers['content-security-policy'])).toContain("default-src 'self'")
      const frame = await t.inject({ method: 'GET', url: '/reader-frame.html' })
      expect(String(frame.headers['content-security-policy'])).toContain("frame-ancestors 'self'")

      await t.call('PATCH', '/api/settings', root.accessToken, { allowIframe: false })
      expectSecurityHeaders((await page()).headers, 'after turning it off')
    } finally {
      await t.close()
    }
  })
})
