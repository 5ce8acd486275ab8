import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({})
    expect(c.port).toBe(13378)
    expect(c.routerBasePath).toBe('/audiobookshelf')
    expect(c.configPath.endsWith('data/config')).toBe(true)
  })

  it('names every bad variable in one readable error', () => {
    expect(() => loadConfig({ PORT: 'abc', ROUTER_BASE_PATH: 'nope/' })).toThrow(ConfigError)
    try {
      loadConfig({ PORT: 'abc', ROUTER_BASE_PATH: 'nope/' })
    } catch (e) {
      expect(String(e)).toContain('PORT')
      expect(String(e)).toContain('ROUTER_BASE_PATH')
    }
  })

  it('accepts an empty base path', () => {
    expect(loadConfig({ ROUTER_BASE_PATH: '' }).routerBasePath).toBe('')
  })

  it('reads the fetch allowlist as a comma-separated list of host names', () => {
    expect(loadConfig({}).fetchAllowHosts).toEqual([])
    expect(
      loadConfig({ SSRF_REQUEST_FILTER_WHITELIST: ' nas.lan, 192.168.1.10 ,,' }).fetchAllowHosts,
    ).toEqual(['nas.lan', '192.168.1.10'])
  })
  it('reads ALLOW_LIBRARY_ROOTS as absolute folders and refuses relative ones', () => {
    expect(loadConfig({}).allowedLibraryRoots).toEqual([])
    expect(loadConfig({ ALLOW_LIBRARY_ROOTS: ' /srv/a, /opt/b/ ,' }).allowedLibraryRoots).toEqual([
      '/srv/a',
      '/opt/b',
    ])
    expect(() => loadConfig({ ALLOW_LIBRARY_ROOTS: '/srv/a,relative' })).toThrow(/ALLOW_LIBRARY_ROOTS/)
  })
  it('reads provider origins for mirrors and test doubles, and refuses anything but http(s) origins', () => {
    expect(loadConfig({}).providerOrigins).toEqual({})
    expect(
      loadConfig({ METADATA_PROVIDER_ORIGINS: '{"audible":"http://127.0.0.1:8000"}' }).providerOrigins,
    ).toEqual({ audible: 'http://127.0.0.1:8000' })
    for (const bad of [
      'not json',
      '{"audible":"file:///etc"}',
      '{"nope":"http://x"}',
      '{"audible":"http://x/a?b=c"}',
    ]) {
      expect(() => loadConfig({ METADATA_PROVIDER_ORIGINS: bad })).toThrow(/METADATA_PROVIDER_ORIGINS/)
    }
  })
})
