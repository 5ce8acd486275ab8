import { describe, expect, it } from 'vitest'
import { MAX_FOLDER_NAME_BYTES, sanitizeFolderName } from './new-podcast-filename.ts'

const bytes = (text: string) => new TextEncoder().encode(text).length

describe('sanitizeFolderName', () => {
  it('keeps an ordinary title', () => {
    expect(sanitizeFolderName('The Daily Show (2024) — Ep. #1')).toBe('The Daily Show (2024) — Ep. #1')
  })

  it('removes separators, characters Windows refuses and control characters', () => {
    expect(sanitizeFolderName('AC/DC: <Live> "at" Wembley? | a*b\\c')).toBe('ACDC Live at Wembley abc')
    expect(sanitizeFolderName('tab\there\u0000nul\u007f')).toBe('tab herenul')
  })

  it('collapses whitespace and trims dots and spaces from both ends', () => {
    expect(sanitizeFolderName('  ..My   Podcast.. ')).toBe('My Podcast')
    expect(sanitizeFolderName('line\none')).toBe('line one')
  })

  it('drops reserved device names, with or without an extension', () => {
    for (const name of ['CON', 'nul', 'Com1', 'LPT9', 'aux.txt', 'prn'])
      expect(sanitizeFolderName(name)).toBe('')
    expect(sanitizeFolderName('Console')).toBe('Console')
    expect(sanitizeFolderName('COM10')).toBe('COM10')
  })

  it('answers empty when nothing usable is left', () => {
    expect(sanitizeFolderName('???')).toBe('')
    expect(sanitizeFolderName(' ... ')).toBe('')
  })

  it('cuts to 255 bytes of UTF-8 on a character boundary', () => {
    const ascii = 'a'.repeat(300)
    expect(sanitizeFolderName(ascii)).toBe('a'.repeat(255))
    const wide = '日'.repeat(100) // 3 bytes each
    const cut = sanitizeFolderName(wide)
    expect(bytes(cut)).toBeLessThanOrEqual(MAX_FOLDER_NAME_BYTES)
    expect(cut).toBe('日'.repeat(85))
    const emoji = `x${'🎙'.repeat(80)}` // 4 bytes each, surrogate pairs in JS
    const cutEmoji = sanitizeFolderName(emoji)
    expect(bytes(cutEmoji)).toBe(253)
    expect(cutEmoji.endsWith('🎙')).toBe(true)
  })

  it('trims a trailing space or dot that the cut leaves behind', () => {
    expect(sanitizeFolderName(`${'a'.repeat(254)} b`)).toBe('a'.repeat(254))
  })
})
