import { describe, expect, it } from 'vitest'
import { charsetOf, decodeText, isAcceptedType, mediaTypeOf, sniffImageType } from './content-type.ts'

const bytes = (...values: number[]) => Uint8Array.from(values)
const ascii = (text: string) => new TextEncoder().encode(text)

describe('content types', () => {
  it('reads the media type and charset of a header', () => {
    expect(mediaTypeOf('Image/JPEG; charset=binary')).toBe('image/jpeg')
    expect(mediaTypeOf('image/jpg')).toBe('image/jpeg')
    expect(mediaTypeOf(undefined)).toBeNull()
    expect(mediaTypeOf('  ')).toBeNull()
    expect(charsetOf('text/xml; charset="ISO-8859-1"')).toBe('ISO-8859-1')
    expect(charsetOf('text/xml')).toBeNull()
  })

  it('accepts exact types and whole top-level types', () => {
    expect(isAcceptedType('image/png', ['image/jpeg', 'image/png'])).toBe(true)
    expect(isAcceptedType('image/svg+xml', ['image/jpeg', 'image/png'])).toBe(false)
    expect(isAcceptedType('audio/mpeg', ['audio/*'])).toBe(true)
    expect(isAcceptedType('audiox/mpeg', ['audio/*'])).toBe(false)
    expect(isAcceptedType(null, ['audio/*'])).toBe(false)
  })

  it('decodes by the declared charset, UTF-8 otherwise', () => {
    expect(decodeText(bytes(0x63, 0x61, 0x66, 0xe9), 'text/plain; charset=iso-8859-1')).toBe('café')
    expect(decodeText(ascii('\uFEFFhello'), 'text/plain; charset=nonsense')).toBe('hello')
  })
})

describe('sniffImageType', () => {
  it('knows the four image formats by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg')
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png')
    expect(sniffImageType(ascii('GIF89a....'))).toBe('image/gif')
    expect(sniffImageType(ascii('GIF87a....'))).toBe('image/gif')
    expect(sniffImageType(ascii('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp')
  })

  it('refuses everything else, short or disguised', () => {
    expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(ascii('<html>'))).toBeNull()
    expect(sniffImageType(ascii('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull()
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull()
    expect(sniffImageType(bytes())).toBeNull()
  })
})
