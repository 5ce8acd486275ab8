import { describe, expect, it } from 'vitest'
import { MAX_FILENAME_BYTES, sanitizeFilename } from './filename.ts'

describe('sanitizeFilename', () => {
  it('removes separators, illegal and control characters', () => {
    expect(sanitizeFilename('../../config')).toBe('config')
    expect(sanitizeFilename('a/b\\c:d*e?f"g<h>i|j')).toBe('abcdefghij')
    expect(sanitizeFilename('tab\tand\nnewline')).toBe('tab and newline')
  })
  it('refuses names that are nothing or reserved', () => {
    for (const name of ['', '   ', '..', '.', 'CON', 'nul.txt', 'com1', '///'])
      expect(sanitizeFilename(name)).toBe('')
  })
  it('cuts long names to 255 bytes on a character boundary, keeping the extension', () => {
    const long = `${'é'.repeat(200)}.mp3`
    const out = sanitizeFilename(long)
    expect(new TextEncoder().encode(out).length).toBeLessThanOrEqual(MAX_FILENAME_BYTES)
    expect(out.endsWith('.mp3')).toBe(true)
    expect(out).not.toContain('\uFFFD')
  })
  it('keeps ordinary names as they are', () => {
    expect(sanitizeFilename('Book 1 - Mort (1987).m4b')).toBe('Book 1 - Mort (1987).m4b')
  })
})

describe('sanitizeFilename, cutting', () => {
  it('trims a trailing dot or space the cut leaves behind, and keeps a short extension whole', () => {
    expect(sanitizeFilename(`${'a'.repeat(254)}. and a long tail`)).toBe('a'.repeat(254))
    expect(sanitizeFilename(`${'日'.repeat(100)}.opml`)).toBe(`${'日'.repeat(83)}.opml`)
  })
})
