import { describe, expect, it } from 'vitest'
import { ebookFormatOf, ebookTypeOf, selectEbookFile } from './ebook-type.ts'

const file = (ino: string, ext: string, ebookFormat?: string) => ({
  ino,
  metadata: { ext, filename: `book${ext}` },
  ...(ebookFormat ? { ebookFormat } : {}),
})

describe('ebook type (spec §4)', () => {
  it('maps each supported format to its reader and the rest to none', () => {
    expect(['epub', 'mobi', 'azw3', 'fb2', 'pdf', 'cbz', 'cbr', 'txt'].map(ebookTypeOf)).toEqual([
      'epub',
      'mobi',
      'mobi',
      'mobi',
      'pdf',
      'comic',
      'comic',
      null,
    ])
    expect(ebookTypeOf('.EPUB')).toBe('epub')
  })

  it('takes the format from ebookFormat, else the lower-case extension', () => {
    expect(ebookFormatOf(file('1', '.PDF'))).toBe('pdf')
    expect(ebookFormatOf(file('1', '.zip', 'cbz'))).toBe('cbz')
  })

  it('selects the file an id names, else the ebook file', () => {
    const main = file('1', '.epub')
    const extra = file('2', '.pdf')
    expect(selectEbookFile(main, [main, extra], null)).toBe(main)
    expect(selectEbookFile(main, [main, extra], '2')).toBe(extra)
    expect(selectEbookFile(main, [main, extra], '9')).toBeNull()
    expect(selectEbookFile(null, [], null)).toBeNull()
  })
})
