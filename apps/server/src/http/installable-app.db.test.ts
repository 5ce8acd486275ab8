import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, tempDir, type TestApp } from '../test-support/test-app.ts'

/** The web client's public folder: what the build copies into dist as is (manifest, icons, favicon). */
const webPublic = path.resolve(import.meta.dirname, '../../../web/public')
const SW = 'self.addEventListener("fetch", () => {})'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('the installable app: manifest, icons and service worker as the browser needs them', () => {
  let t: TestApp

  beforeAll(async () => {
    const dist = tempDir('shelfcast-installable-')
    fs.cpSync(webPublic, dist, { recursive: true })
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true })
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><base href="/" /><link rel="manifest" href="./manifest.webmanifest" /></head><body></body></html>',
    )
    fs.writeFileSync(path.join(dist, 'sw.js'), SW)
    t = await createTestApp({ env: { CLIENT_DIST_PATH: dist } })
  })
  afterAll(() => t.close())

  const get = (url: string) => t.inject({ method: 'GET', url })

  it('serves the manifest as application/manifest+json, revalidated, at the root and under the base path', async () => {
    for (const url of ['/manifest.webmanifest', '/audiobookshelf/manifest.webmanifest']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toBe('application/manifest+json')
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.json().name).toBe('Shelfcast')
    }
  })

  it('the manifest is installable: relative start URL and scope, standalone, colours, 192 and 512 icons', async () => {
    const manifest = (await get('/manifest.webmanifest')).json() as Record<string, unknown>
    expect(manifest.short_name).toBeTruthy()
    // Relative, so one build installs under any ROUTER_BASE_PATH.
    expect(manifest.start_url).toBe('./')
    expect(manifest.scope).toBe('./')
    expect(manifest.display).toBe('standalone')
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    const icons = manifest.icons as ManifestIcon[]
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable'])
        expect(
          icons.some((i) => i.sizes === size && (i.purpose ?? 'any') === purpose),
          `${size} ${purpose}`,
        ).toBe(true)
    }
  })

  it('every icon the manifest names is a PNG of its declared size, under the base path too', async () => {
    const manifest = (await get('/manifest.webmanifest')).json() as { icons: ManifestIcon[] }
    const icons = [
      ...manifest.icons,
      { src: 'icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ]
    for (const icon of icons) {
      for (const url of [`/${icon.src}`, `/audiobookshelf/${icon.src}`]) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type'], url).toBe('image/png')
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        const { width, height } = pngSize(res.rawPayload)
        expect(`${width}x${height}`, url).toBe(icon.sizes)
      }
    }
  })

  it('serves sw.js as JavaScript that is never taken from a cache unchecked', async () => {
    for (const url of ['/sw.js', '/audiobookshelf/sw.js']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toBe(SW)
      expect(res.headers['content-type'], url).toMatch(/^text\/javascript/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.headers.etag, url).toBeTruthy()
    }
  })

  it('the Content-Security-Policy lets the page load its manifest and start its own service worker', async () => {
    for (const url of ['/', '/sw.js', '/manifest.webmanifest']) {
      const csp = String((await get(url)).headers['content-security-policy'])
      expect(csp, url).toMatch(/(^|;)\s*manifest-src 'self'(;|$)/)
      expect(csp, url).toMatch(/(^|;)\s*worker-src 'self'[ ;]/)
      expect(csp, url).toContain("default-src 'self'")
    }
  })

  it('a missing icon is a 404, never index.html', async () => {
    const res = await get('/icons/icon-1024.png')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain('<base')
  })
})
