import { afterEach, describe, expect, it } from 'vitest'
import { clearSecrets, REDACTED, redactLine, registerSecret } from './redact.ts'

afterEach(() => clearSecrets())

const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiJyb290IiwidHlwZSI6ImFjY2VzcyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

/** A pino-style line with the given fields. */
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 'now', ...fields }) + '\n'

describe('redactLine', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a password field', { msg: 'login', password: 'hunter2-secret' }, 'hunter2-secret'],
    ['a nested new password', { body: { newPassword: 'n3w-Passw0rd' } }, 'n3w-Passw0rd'],
    ['an access token field', { accessToken: 'opaque-access-value' }, 'opaque-access-value'],
    ['a refresh token field', { refresh_token: 'r3fresh-token-value' }, 'r3fresh-token-value'],
    ['an API key field', { apiKey: 'k3y-value-123' }, 'k3y-value-123'],
    ['the SMTP password', { smtp: { host: 'mail', pass: 'smtp-pa55' } }, 'smtp-pa55'],
    [
      'an authorization header',
      { req: { headers: { authorization: 'Bearer abcdef123456' } } },
      'abcdef123456',
    ],
    ['a cookie header', { headers: { cookie: 'refresh_token=c00kie-value' } }, 'c00kie-value'],
    ['a JWT inside a message', { msg: `token was ${jwt} for root` }, jwt],
    ['a bearer credential in text', { msg: 'sent Authorization: Bearer zzzzzz999999' }, 'zzzzzz999999'],
    ['a token query parameter', { url: '/hls/abc/output.m3u8?token=qp-secret-1&x=1' }, 'qp-secret-1'],
    ['an api_key parameter', { msg: 'GET /feed?api_key=feedsecret99' }, 'feedsecret99'],
    ['a password in free text', { msg: 'smtp auth failed, password: pl41n-text' }, 'pl41n-text'],
    ['a quoted secret in free text', { msg: 'config had secret: "qu0ted-v4lue" in it' }, 'qu0ted-v4lue'],
    ['a single-quoted token in free text', { msg: "token='s1ngle-qu0ted'" }, 's1ngle-qu0ted'],
    [
      'a password in a URL',
      { err: { message: 'connect smtp://bob:url-pa55word@mail.example' } },
      'url-pa55word',
    ],
    ['a secret field', { jwtSecret: 'the-jwt-secret-value' }, 'the-jwt-secret-value'],
    ['an escaped quote in a password', { password: 'with"quote-and-more' }, 'quote-and-more'],
  ]

  it.each(cases)('removes %s and keeps the line valid JSON', (_what, fields, secret) => {
    const out = redactLine(line(fields))
    expect(out).not.toContain(secret)
    expect(out).toContain(REDACTED)
    expect(() => JSON.parse(out) as unknown).not.toThrow()
  })

  it('removes a registered secret wherever it appears, even escaped in JSON', () => {
    registerSecret('odd"value\\x')
    registerSecret('plainsecret')
    const out = redactLine(line({ msg: 'the value is plainsecret', detail: 'odd"value\\x' }))
    expect(out).not.toContain('plainsecret')
    expect(out).not.toContain(JSON.stringify('odd"value\\x').slice(1, -1))
    expect(() => JSON.parse(out) as unknown).not.toThrow()
  })

  it('leaves ordinary lines as they are', () => {
    const ordinary = line({ msg: 'scan finished', libraryId: 'lib_1', items: 42, tokenExpiry: 3600 })
    expect(redactLine(ordinary)).toBe(ordinary)
  })
})
