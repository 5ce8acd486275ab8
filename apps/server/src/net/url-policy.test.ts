import { describe, expect, it } from 'vitest'
import { FetchBlockedError, FetchFailedError } from './fetch-errors.ts'
import { assertFetchable, canonicalHost, hostAllowlist, parseFetchUrl } from './url-policy.ts'

const none = hostAllowlist([])

function blockedReason(url: string, allowHosts: string[] = []): string | null {
  try {
    assertFetchable(parseFetchUrl(url), hostAllowlist(allowHosts))
    return null
  } catch (err) {
    if (err instanceof FetchBlockedError) return err.reason
    throw err
  }
}

describe('canonicalHost', () => {
  it('brings allowlist entries and URL hosts to one form', () => {
    expect(canonicalHost(' LocalHost. ')).toBe('localhost')
    expect(canonicalHost('127.1')).toBe('127.0.0.1')
    expect(canonicalHost('0x7f.0.0.1')).toBe('127.0.0.1')
    expect(canonicalHost('::1')).toBe('::1')
    expect(canonicalHost('[0:0::1]')).toBe('::1')
    expect(canonicalHost('[::1]')).toBe('::1')
  })
})

describe('assertFetchable', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://example.com/a',
    'data:text/plain,hi',
    'gopher://example.com:70/',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the scheme of %s', (url) => {
    expect(blockedReason(url)).toBe('scheme')
  })

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/',
    'http://[fd00::1]/',
    'http://%31%32%37.0.0.1/',
  ])('refuses the literal address in %s', (url) => {
    expect(blockedReason(url)).toBe('address')
  })

  it('lets literal public addresses and host names through (names are checked at connect time)', () => {
    expect(blockedReason('https://93.184.216.34/cover.jpg')).toBeNull()
    expect(blockedReason('https://covers.example.com/a.jpg')).toBeNull()
    expect(blockedReason('http://localhost/')).toBeNull()
  })

  it('lets allowlisted hosts through whatever notation the URL uses', () => {
    expect(blockedReason('http://127.0.0.1:8080/', ['127.0.0.1'])).toBeNull()
    expect(blockedReason('http://2130706433/', ['127.0.0.1'])).toBeNull()
    expect(blockedReason('http://[::1]/', ['::1'])).toBeNull()
    expect(blockedReason('http://127.0.0.2/', ['127.0.0.1', 'localhost'])).toBe('address')
  })

  it('never lets the allowlist weaken the scheme rule', () => {
    expect(blockedReason('file://localhost/etc/passwd', ['localhost'])).toBe('scheme')
  })

  it('turns an unparsable URL into a typed error', () => {
    expect(() => parseFetchUrl('not a url')).toThrow(FetchFailedError)
    expect(() => assertFetchable(parseFetchUrl('http://[fe80::1%25eth0]/'), none)).toThrow(FetchFailedError)
  })
})
