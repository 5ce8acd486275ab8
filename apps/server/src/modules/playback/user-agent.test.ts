import { describe, expect, it } from 'vitest'
import { parseUserAgent } from './user-agent.ts'

describe('parseUserAgent', () => {
  it('names the browser and OS of common user agents', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toEqual({
      browserName: 'Chrome',
      browserVersion: '120.0.0.0',
      osName: 'Linux',
      osVersion: null,
    })
    expect(
      parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'),
    ).toEqual({
      browserName: 'Firefox',
      browserVersion: '121.0',
      osName: 'Windows',
      osVersion: '10',
    })
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      browserName: 'Safari',
      browserVersion: '17.1',
      osName: 'iOS',
      osVersion: '17.1',
    })
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toMatchObject({
      browserName: 'Edge',
      osName: 'Mac OS',
      osVersion: '10.15.7',
    })
  })

  it('names nothing it does not know, and never echoes the header', () => {
    expect(parseUserAgent('okhttp/4.9.2')).toEqual({
      browserName: null,
      browserVersion: null,
      osName: null,
      osVersion: null,
    })
    expect(parseUserAgent(undefined).browserName).toBeNull()
    const hostile = parseUserAgent('<img src=x onerror=alert(1)> Chrome/<b>1</b> Android <script>')
    expect(Object.values(hostile).join(' ')).not.toMatch(/[<>]/)
  })
})
