import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { zipBuffer } from '../../../../scripts/media/index.ts'
import { tempDir } from '../test-support/test-app.ts'
import { readEbookInfo } from './ebook.ts'

const CONTAINER = `<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">
<rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`
const OPF = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Spaced</dc:title></metadata></package>`

describe('ebook structural check', () => {
  let dir: string
  const file = (name: string, data: Buffer | string) => {
    const p = path.join(dir, name)
    fs.writeFileSync(p, data)
    return p
  }
  const problemOf = async (name: string, data: Buffer | string) =>
    (await readEbookInfo(file(name, data), { wantCover: true })).problem

  beforeAll(() => {
    dir = tempDir('shelfcast-ebook-')
  })

  it('accepts sound headers of every format', async () => {
    const palm = (type: string) =>
      Buffer.concat([Buffer.alloc(60), Buffer.from(type, 'latin1'), Buffer.alloc(100)])
    expect(await problemOf('a.mobi', palm('BOOKMOBI'))).toBeNull()
    expect(await problemOf('a.azw3', palm('BOOKMOBI'))).toBeNull()
    expect(await problemOf('old.mobi', palm('TEXtREAd'))).toBeNull()
    expect(
      await problemOf(
        'a.cbr',
        Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(50)]),
      ),
    ).toBeNull()
    // Many CBRs are really zips; the reader opens both.
    expect(await problemOf('zip.cbr', zipBuffer([{ name: 'p1.jpg', data: 'x' }]))).toBeNull()
    expect(await problemOf('a.pdf', `%PDF-1.7\n${'x'.repeat(5000)}\n%%EOF\n\n`)).toBeNull()
    expect(
      await problemOf(
        'a.cbz',
        zipBuffer([
          { name: 'p2.png', data: 'x' },
          { name: 'p1.jpg', data: 'y' },
        ]),
      ),
    ).toBeNull()
  })

  it('reads an EPUB whose XML has whitespace before its declaration', async () => {
    const epub = zipBuffer([
      { name: 'mimetype', data: 'application/epub+zip', store: true },
      { name: 'META-INF/container.xml', data: `\n  ${CONTAINER}` },
      { name: 'content.opf', data: `\r\n${OPF}` },
    ])
    const info = await readEbookInfo(file('spaced.epub', epub), { wantCover: true })
    expect(info).toMatchObject({ problem: null, metadata: { title: 'Spaced' } })
  })

  it('names what is wrong with a damaged file', async () => {
    expect(await problemOf('b.mobi', Buffer.alloc(200, 1))).toBe('not a MOBI book (no BOOKMOBI header)')
    expect(await problemOf('b.cbr', 'not an archive')).toBe('not a RAR or zip archive')
    expect(await problemOf('b.pdf', `${'x'.repeat(2000)}%PDF-1.4 %%EOF`)).toBe('not a PDF (no %PDF- header)')
    expect(await problemOf('c.pdf', `%PDF-1.4\n%%EOF\n${'x'.repeat(2000)}`)).toBe(
      'PDF is truncated (no %%EOF trailer)',
    )
    expect(await problemOf('e.epub', '')).toBe('file is empty')
    const gone = await readEbookInfo(path.join(dir, 'missing.epub'), { wantCover: false })
    expect(gone.problem).toMatch(/^cannot be read \(ENOENT/)
  })
})
