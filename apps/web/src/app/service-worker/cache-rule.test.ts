import { describe, expect, it } from 'vitest'
import { cachePolicyOf, isStorableResponse, type RequestFacts } from './cache-rule.ts'

const scope = 'https://books.example/'
const baseScope = 'https://books.example/shelfcast/'

function request(url: string, init: Partial<Omit<RequestFacts, 'url'>> & { header?: string[] } = {}) {
  const headers = new Set((init.header ?? []).map((h) => h.toLowerCase()))
  return {
    method: init.method ?? 'GET',
    url,
    mode: init.mode ?? 'cors',
    headers: { has: (name: string) => headers.has(name.toLowerCase()) },
  }
}
const navigate = (url: string) => request(url, { mode: 'navigate' })

describe('cachePolicyOf: what the service worker may cache', () => {
  it('serves fingerprinted build files from the cache', () => {
    expect(cachePolicyOf(request(`${scope}assets/index-AbC123.js`), scope)).toBe('static-asset')
    expect(cachePolicyOf(request(`${scope}assets/index-AbC123.css`, { mode: 'no-cors' }), scope)).toBe(
      'static-asset',
    )
    expect(cachePolicyOf(request(`${baseScope}assets/react-9f8e.js`), baseScope)).toBe('static-asset')
  })

  it('gives page loads of client routes the app shell, under a base path too', () => {
    for (const path of [
      '',
      'library/abc/bookshelf',
      'item/li_1',
      'login',
      'login?redirect=%2Faccount',
      'config',
    ])
      expect(cachePolicyOf(navigate(`${scope}${path}`), scope), path).toBe('app-shell')
    expect(cachePolicyOf(navigate(`${baseScope}library/x`), baseScope)).toBe('app-shell')
  })

  it('never caches API answers, auth, sockets, status or shares, whatever the request mode', () => {
    const serverPaths = [
      'api/libraries',
      'api/items/li_1/cover?ts=1',
      'api/items/li_1/cover',
      'api/me',
      'auth/refresh',
      'login',
      'logout',
      'init',
      'socket.io/?EIO=4&transport=polling',
      'status',
      'ping',
      'healthcheck',
      'public/session/abc/track/1',
      'public/share/slug',
      'hls/abc/output.m3u8',
      'feed/slug',
      'api/authors/a1/image',
    ]
    for (const path of serverPaths) {
      expect(cachePolicyOf(request(`${scope}${path}`), scope), path).toBe('network-only')
      expect(cachePolicyOf(request(`${baseScope}${path}`), baseScope), path).toBe('network-only')
    }
    for (const path of serverPaths.filter((p) => p !== 'login')) {
      expect(cachePolicyOf(navigate(`${scope}${path}`), scope), `navigate ${path}`).toBe('network-only')
      expect(cachePolicyOf(navigate(`${scope}${path.toUpperCase()}`), scope), `navigate ${path}`).toBe(
        'network-only',
      )
    }
  })

  it('never caches anything that carries a token', () => {
    for (const url of [
      `${scope}assets/index-1.js?token=abc`,
      `${scope}assets/index-1.js#access_token=abc`,
      `${scope}api/items/li_1/cover?token=eyJ`,
      `${scope}public/session/abc/track/1?refreshToken=x`,
    ])
      expect(cachePolicyOf(request(url), scope), url).toBe('network-only')
    expect(cachePolicyOf(navigate(`${scope}item/li_1?token=abc`), scope)).toBe('network-only')
    expect(cachePolicyOf(request(`${scope}assets/index-1.js`, { header: ['Authorization'] }), scope)).toBe(
      'network-only',
    )
  })

  it('leaves writes, byte ranges, other origins and paths outside the scope to the network', () => {
    expect(cachePolicyOf(request(`${scope}assets/a.js`, { method: 'POST' }), scope)).toBe('network-only')
    expect(cachePolicyOf(request(`${scope}assets/a.js`, { method: 'HEAD' }), scope)).toBe('network-only')
    expect(cachePolicyOf(request(`${scope}assets/a.mp3`, { header: ['Range'] }), scope)).toBe('network-only')
    expect(cachePolicyOf(request('https://www.gstatic.com/cv/js/sender/v1/cast_sender.js'), scope)).toBe(
      'network-only',
    )
    expect(cachePolicyOf(request('https://cdn.example/assets/x.js'), scope)).toBe('network-only')
    expect(cachePolicyOf(navigate('https://books.example/other-app/'), baseScope)).toBe('network-only')
    expect(cachePolicyOf(request(`${scope}assets/x.js?v=2`), scope)).toBe('network-only')
  })

  it('stores only build files, not other public files (manifest, icons, favicon, sw.js itself)', () => {
    for (const path of ['sw.js', 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'index.html'])
      expect(cachePolicyOf(request(`${scope}${path}`), scope), path).toBe('network-only')
  })

  it("a malformed path is the network's to answer", () => {
    expect(cachePolicyOf(navigate(`${scope}%E0%A4%A`), scope)).toBe('network-only')
  })
})

describe('isStorableResponse', () => {
  const response = (status: number, type: string, headers: Record<string, string> = {}) => ({
    status,
    type,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
  })

  it('stores a complete same-origin answer', () => {
    expect(
      isStorableResponse(response(200, 'basic', { 'cache-control': 'public, max-age=31536000, immutable' })),
    ).toBe(true)
  })

  it('refuses partial, failed, redirected-opaque or cross-origin answers and those marked private', () => {
    expect(isStorableResponse(response(206, 'basic'))).toBe(false)
    expect(isStorableResponse(response(404, 'basic'))).toBe(false)
    expect(isStorableResponse(response(304, 'basic'))).toBe(false)
    expect(isStorableResponse(response(0, 'opaque'))).toBe(false)
    expect(isStorableResponse(response(200, 'cors'))).toBe(false)
    expect(isStorableResponse(response(200, 'basic', { 'cache-control': 'no-store' }))).toBe(false)
    expect(isStorableResponse(response(200, 'basic', { 'cache-control': 'private, max-age=60' }))).toBe(false)
    expect(isStorableResponse(response(200, 'basic', { vary: '*' }))).toBe(false)
  })
})
