import { describe, expect, it } from 'vitest'
import { mobiBuffer, mobiHtml } from './mobi.ts'

/** An independent reading of the layout (PalmDB → record 0 → PalmDOC, MOBI, EXTH), as readers do it. */
function readMobi(file: Buffer) {
  const numRecords = file.readUInt16BE(76)
  const offsets = Array.from({ length: numRecords }, (_, i) => file.readUInt32BE(78 + i * 8))
  const record = (i: number) => file.subarray(offsets[i], offsets[i + 1] ?? file.length)
  const zero = record(0)
  const mobiLength = zero.readUInt32BE(20)
  const exth = zero.subarray(16 + mobiLength)
  const exthCount = exth.readUInt32BE(8)
  const exthRecords = new Map<number, string>()
  let at = 12
  for (let i = 0; i < exthCount; i++) {
    const type = exth.readUInt32BE(at)
    const length = exth.readUInt32BE(at + 4)
    exthRecords.set(type, exth.toString('utf8', at + 8, at + length))
    at += length
  }
  const textRecords = zero.readUInt16BE(8)
  const text = Buffer.concat(Array.from({ length: textRecords }, (_, i) => record(i + 1)))
  return {
    type: file.toString('latin1', 60, 64),
    creator: file.toString('latin1', 64, 68),
    magic: file.toString('latin1', 60, 68),
    numRecords,
    compression: zero.readUInt16BE(0),
    textLength: zero.readUInt32BE(4),
    textRecords,
    mobiMagic: zero.toString('latin1', 16, 20),
    encoding: zero.readUInt32BE(28),
    version: zero.readUInt32BE(36),
    fullName: zero.toString('utf8', zero.readUInt32BE(84), zero.readUInt32BE(84) + zero.readUInt32BE(88)),
    exthFlag: zero.readUInt32BE(128),
    exthMagic: exth.toString('latin1', 0, 4),
    exthRecords,
    text: text.toString('utf8'),
  }
}

describe('makeMobi', () => {
  const chapters = Array.from({ length: 4 }, (_, i) => ({
    title: `Chapter ${i + 1}`,
    text: `Paragraph ${i} ${'word '.repeat(900)}\n\nSecond paragraph with ünïcödé.`,
  }))
  const file = mobiBuffer({ title: 'A Mobi Tale', author: 'Ann Author', chapters }, new Date(0))
  const mobi = readMobi(file)

  it('is a PalmDB BOOKMOBI file with a MOBI 6 header', () => {
    expect(mobi.magic).toBe('BOOKMOBI')
    expect(mobi.mobiMagic).toBe('MOBI')
    expect(mobi.version).toBe(6)
    expect(mobi.encoding).toBe(65001)
    expect(mobi.compression).toBe(1)
    expect(mobi.exthFlag & 0x40).toBe(0x40)
    expect(mobi.numRecords).toBe(mobi.textRecords + 2) // record 0, text, end of file
  })

  it('carries title and author in EXTH and the full name', () => {
    expect(mobi.exthMagic).toBe('EXTH')
    expect(mobi.exthRecords.get(503)).toBe('A Mobi Tale')
    expect(mobi.exthRecords.get(100)).toBe('Ann Author')
    expect(mobi.fullName).toBe('A Mobi Tale')
  })

  it('stores the text in 4096-byte records, chapters split by page breaks', () => {
    expect(mobi.textRecords).toBeGreaterThan(1)
    expect(mobi.text).toBe(mobiHtml(chapters))
    expect(Buffer.byteLength(mobi.text)).toBe(mobi.textLength)
    expect(mobi.text.match(/<mbp:pagebreak\/>/g)).toHaveLength(3)
    expect(mobi.text).toContain('ünïcödé')
  })
})
