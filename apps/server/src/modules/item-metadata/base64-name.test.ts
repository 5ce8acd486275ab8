import { describe, expect, it } from 'vitest'
import { nameFromBase64 } from './base64-name.ts'

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

describe('nameFromBase64', () => {
  it('decodes standard and URL-safe base64, with or without padding', () => {
    expect(nameFromBase64(b64('Sci-Fi'))).toBe('Sci-Fi')
    expect(nameFromBase64(b64('ä?>'))).toBe('ä?>')
    expect(nameFromBase64(b64('ä?>').replace(/\+/g, '-').replace(/\//g, '_'))).toBe('ä?>')
    expect(nameFromBase64(b64('ab').replace(/=+$/, ''))).toBe('ab')
  })
  it('refuses what is not base64 of a UTF-8 name', () => {
    for (const bad of ['not base64!', 'a', '', '//8=', '=abc'])
      expect(() => nameFromBase64(bad), bad).toThrow('Invalid base64 name')
  })
})
