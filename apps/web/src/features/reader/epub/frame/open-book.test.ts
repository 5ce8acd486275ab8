import { describe, expect, it } from 'vitest'
import { BookOpenError, MAX_ENTRY_BYTES, openBook } from './open-book.ts'

/** A stored (uncompressed) zip; `claimedSize` overrides an entry's declared size, as a zip bomb's is huge. */
function storedZip(entries: { name: string; data: string; claimedSize?: number }[]): ArrayBuffer {
  const enc = new TextEncoder()
  const locals: Uint8Array[] = []
  const centrals: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = enc.encode(entry.name)
    const data = enc.encode(entry.data)
    const size = entry.claimedSize ?? data.length
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint32(18, data.length, true)
    local.setUint32(22, size, true)
    local.setUint16(26, name.length, true)
    const central = new DataView(new ArrayBuffer(46))
    central.setUint32(0, 0x02014b50, true)
    central.setUint16(4, 20, true)
    central.setUint16(6, 20, true)
    central.setUint32(20, data.length, true)
    central.setUint32(24, size, true)
    central.setUint16(28, name.length, true)
    central.setUint32(42, offset, true)
    locals.push(new Uint8Array(local.buffer), name, data)
    centrals.push(new Uint8Array(central.buffer), name)
    offset += 30 + name.length + data.length
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, centralSize, true)
  end.setUint32(16, offset, true)
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out.buffer
}

async function failure(bytes: ArrayBuffer, name: string): Promise<string> {
  try {
    await openBook(bytes, name)
    return 'opened'
  } catch (error) {
    return error instanceof BookOpenError ? error.code : `other: ${String(error)}`
  }
}

describe('openBook refuses what it cannot show, with a reason', () => {
  it('an empty file', async () => {
    expect(await failure(new ArrayBuffer(0), 'book.epub')).toBe('empty')
  })

  it('a truncated EPUB (no central directory)', async () => {
    const zip = storedZip([{ name: 'mimetype', data: 'application/epub+zip' }])
    expect(await failure(zip.slice(0, 40), 'book.epub')).toBe('damaged')
  })

  it('an EPUB without its container', async () => {
    expect(await failure(storedZip([{ name: 'mimetype', data: 'application/epub+zip' }]), 'book.epub')).toBe(
      'damaged',
    )
  })

  it('a zip bomb, before inflating anything', async () => {
    const bomb = storedZip([
      { name: 'mimetype', data: 'application/epub+zip' },
      { name: 'OEBPS/zeros.xhtml', data: 'x', claimedSize: MAX_ENTRY_BYTES + 1 },
    ])
    expect(await failure(bomb, 'book.epub')).toBe('tooLarge')
  })

  it('a file of another kind, and a MOBI that is not one', async () => {
    const noise = new TextEncoder().encode('just some text, not a book at all'.repeat(4)).buffer
    expect(await failure(noise, 'book.epub')).toBe('unsupported')
    expect(await failure(noise, 'book.mobi')).toBe('damaged')
  })
})
