import { createExtractorFromData } from 'node-unrar-js'
import { describe, expect, it } from 'vitest'
import { comicPagePng, comicPages, makeCbr, makeCbz, makeZipBombCbz } from './comic.ts'
import { readZip } from './zip.ts'

describe('comic fixtures', () => {
  it('draws PNG pages: signature, size in the header, a different shade per page, weight from noise rows', () => {
    const page = comicPagePng({ width: 30, height: 40, index: 0 })
    expect(page.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect([page.readUInt32BE(16), page.readUInt32BE(20)]).toEqual([30, 40])
    expect(comicPagePng({ width: 30, height: 40, index: 1 }).equals(page)).toBe(false)
    const heavy = comicPagePng({ width: 200, height: 100, noiseRows: 100 })
    expect(heavy.length).toBeGreaterThan(200 * 100 * 0.95) // noise does not compress
  })

  it('names pages page1 … pageN and stores them in a CBZ that reads back byte for byte', () => {
    const pages = comicPages(12, { width: 8, height: 8 })
    expect(pages.map((p) => p.name).slice(9)).toEqual(['page10.png', 'page11.png', 'page12.png'])
    const entries = readZip(makeCbz(pages))
    expect(entries.map((e) => [e.name, e.method])).toEqual(pages.map((p) => [p.name, 0]))
    expect(entries.every((e, i) => e.data.equals(pages[i]!.data))).toBe(true)
  })

  it('writes a RAR 4 that unrar lists and extracts with every CRC right', async () => {
    const pages = comicPages(5, { width: 8, height: 8 })
    const rar = makeCbr(pages)
    expect(rar.subarray(0, 7).toString('latin1')).toBe('Rar!\x1a\x07\x00')
    const data = new Uint8Array(rar).buffer
    const extractor = await createExtractorFromData({ data })
    const listed = [...extractor.getFileList().fileHeaders].map((h) => [h.name, h.unpSize, h.method])
    expect(listed).toEqual(pages.map((p) => [p.name, p.data.length, 'Storing']))
    const files = [...extractor.extract({ files: ['page4.png'] }).files]
    expect(files).toHaveLength(1)
    expect(Buffer.from(files[0]!.extraction!).equals(pages[3]!.data)).toBe(true)
  })

  it('makes a zip bomb: a page that inflates to far more than the archive weighs', () => {
    const bomb = makeZipBombCbz(8 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(64 * 1024)
    expect(readZip(bomb)[1]?.data.length).toBe(8 * 1024 * 1024)
  })
})
