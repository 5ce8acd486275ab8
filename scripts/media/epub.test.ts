import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeEpub } from './epub.ts'
import { makeCoverImage } from './image.ts'
import { readZip, zipBuffer } from './zip.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-epub-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('makeEpub', () => {
  it('writes an EPUB 3 zip: mimetype stored first, container, package, nav and cover', async () => {
    const cover = await makeCoverImage({ path: join(dir, 'cover.jpg'), width: 60, height: 90 })
    const path = await makeEpub({
      path: join(dir, 'book.epub'),
      title: 'The Glass Botanist & <Friends>',
      author: 'Marguerite Osei',
      cover,
      series: 'Greenhouse Tales',
      seriesIndex: 2,
      publisher: 'Wrenfield Press',
      date: '1911',
    })
    const zip = await readFile(path)
    // OCF: the first local header is the uncompressed "mimetype" with no extra field, so its bytes sit at 30/38.
    expect(zip.toString('latin1', 30, 38)).toBe('mimetype')
    expect(zip.toString('latin1', 38, 58)).toBe('application/epub+zip')

    const entries = readZip(zip)
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0, localHeaderOffset: 0 })
    const files = new Map(entries.map((e) => [e.name, e.data]))
    expect(files.get('META-INF/container.xml')?.toString()).toContain('full-path="OEBPS/content.opf"')

    const opf = files.get('OEBPS/content.opf')?.toString() ?? ''
    expect(opf).toContain('version="3.0"')
    expect(opf).toContain('<dc:title>The Glass Botanist &amp; &lt;Friends&gt;</dc:title>')
    expect(opf).toContain('<dc:creator id="creator">Marguerite Osei</dc:creator>')
    expect(opf).toContain('<dc:publisher>Wrenfield Press</dc:publisher>')
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/)
    expect(opf).toContain('properties="cover-image"')
    expect(opf).toContain('<meta name="calibre:series" content="Greenhouse Tales"/>')
    expect(opf).toContain('properties="nav"')

    // Every manifest item exists in the zip.
    for (const [, href] of opf.matchAll(/<item [^>]*href="([^"]+)"/g))
      expect(files.has(`OEBPS/${href}`)).toBe(true)
    expect(files.get('OEBPS/images/cover.jpg')?.equals(await readFile(cover))).toBe(true)
    expect(files.get('OEBPS/nav.xhtml')?.toString()).toContain('epub:type="toc"')
  })

  it('writes a book without a cover', async () => {
    const entries = readZip(
      await readFile(await makeEpub({ path: join(dir, 'plain.epub'), title: 'Plain', author: 'A' })),
    )
    expect(entries.map((e) => e.name)).not.toContain('OEBPS/cover.xhtml')
    expect(entries.filter((e) => e.name.startsWith('OEBPS/chapter-'))).toHaveLength(3)
  })
})

describe('zipBuffer', () => {
  it('round-trips stored and deflated entries with UTF-8 names', () => {
    const big = 'lamplight '.repeat(200)
    const zip = zipBuffer([
      { name: 'a.txt', data: 'short', store: true },
      { name: 'dir/ünï.txt', data: big },
      { name: 'bin', data: Buffer.from([0, 1, 2, 255]) },
    ])
    const entries = readZip(zip)
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.txt', 0],
      ['dir/ünï.txt', 8],
      ['bin', 0],
    ])
    expect(entries[1]?.data.toString()).toBe(big)
    expect([...(entries[2]?.data ?? [])]).toEqual([0, 1, 2, 255])
  })
})
