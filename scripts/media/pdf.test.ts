import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdf, pdfBytes, PDF_UNIQUE_WORD, PDF_UNIQUE_WORD_PAGE, rc4 } from './pdf.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-pdf-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

// pdf.js itself is the judge: the files must open in the reader that shows them. stopAtErrors turns any
// repair pdf.js would do silently (a broken xref, a bad stream length) into a failure.
const open = (bytes: Uint8Array, password?: string) =>
  getDocument({ data: new Uint8Array(bytes), password, stopAtErrors: true, verbosity: 0 }).promise

async function pageText(doc: PDFDocumentProxy, page: number): Promise<string> {
  const content = await (await doc.getPage(page)).getTextContent()
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
}

describe('rc4', () => {
  it('matches the published test vector (key "Key", text "Plaintext")', () => {
    const out = rc4(Buffer.from('Key'), Buffer.from('Plaintext'))
    expect(Buffer.from(out).toString('hex')).toBe('bbf316e8d940af0ad3')
  })
})

describe('pdfBytes', () => {
  it('writes N pages, each with its heading and words, and one unique word on its own page', async () => {
    const doc = await open(pdfBytes({ pages: 9, title: 'Harbour (Notes)' }))
    try {
      expect(doc.numPages).toBe(9)
      expect(await pageText(doc, 1)).toContain('Page 1')
      expect(await pageText(doc, 9)).toMatch(/^Page 9 .*breakwater/)
      expect(await pageText(doc, PDF_UNIQUE_WORD_PAGE)).toContain(PDF_UNIQUE_WORD)
      expect(await pageText(doc, 2)).not.toContain(PDF_UNIQUE_WORD)
      const { info } = await doc.getMetadata()
      expect(info).toMatchObject({ Title: 'Harbour (Notes)' })
    } finally {
      await doc.loadingTask.destroy()
    }
  })

  it('keeps the cross-reference table exact (every offset points at its object)', () => {
    const bytes = pdfBytes({ pages: 3 })
    const text = bytes.toString('latin1')
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1])
    expect(text.slice(start, start + 4)).toBe('xref')
    const entries = text.slice(start).split('\n').slice(2, 12)
    entries.forEach((entry, n) => {
      expect(entry.length + 1).toBe(20) // each entry is 20 bytes with its line end
      if (entry.endsWith(' n\r'))
        expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${n} 0 obj`)).toBe(true)
    })
  })

  it('encrypts with a user password: refused without it, readable with it', async () => {
    const bytes = pdfBytes({ pages: 2, title: 'Locked', userPassword: 'open sesame' })
    expect(bytes.toString('latin1')).not.toContain('Page 1') // the text is not in clear
    await expect(open(bytes)).rejects.toMatchObject({ name: 'PasswordException' })
    await expect(open(bytes, 'wrong')).rejects.toMatchObject({ name: 'PasswordException' })
    const doc = await open(bytes, 'open sesame')
    try {
      expect(doc.numPages).toBe(2)
      expect(await pageText(doc, 2)).toContain('Page 2')
      expect((await doc.getMetadata()).info).toMatchObject({ Title: 'Locked' })
    } finally {
      await doc.loadingTask.destroy()
    }
  })

  it('writes a 500-page book of a few hundred kB and rejects a page count below 1', async () => {
    const path = await makePdf({ path: join(dir, 'sub', 'big.pdf'), pages: 500 })
    const size = (await readFile(path)).length
    expect(size).toBeGreaterThan(300_000)
    expect(size).toBeLessThan(2_000_000)
    expect(() => pdfBytes({ pages: 0 })).toThrow()
  })
})
