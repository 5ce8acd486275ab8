import { describe, expect, it, vi } from 'vitest'
import { isSearchable, PdfTextIndex, type SearchableDocument } from './pdf-search.ts'

/** A document whose page N holds the given lines, as pdf.js text items. */
function fakeDocument(pages: string[][]): SearchableDocument & { reads: number[] } {
  const reads: number[] = []
  return {
    reads,
    numPages: pages.length,
    getPage: async (n: number) => ({
      getTextContent: async () => {
        reads.push(n)
        if (n === 3) throw new Error('damaged page')
        return { items: pages[n - 1]!.map((str) => ({ str, hasEOL: true })) }
      },
    }),
  }
}

const book = fakeDocument([
  ['Page 1', 'The tide came in'],
  ['Page 2', 'A Lighthouse', 'stood at the end'],
  ['Page 3', 'unreadable'],
  ['Page 4', 'the   lighthouse keeper'],
])

describe('PdfTextIndex', () => {
  it('finds a word from the current page on, case and spacing aside, and wraps round', async () => {
    const index = new PdfTextIndex(book)
    expect(await index.find('LIGHTHOUSE', 1)).toBe(2)
    expect(await index.find('lighthouse', 3)).toBe(4)
    expect(await index.find('lighthouse', 5)).toBe(2) // past page 4: back to the start
    expect(await index.find('lighthouse keeper', 1)).toBe(4)
    expect(await index.find('lighthouse stood', 1)).toBe(2) // across two lines of a page
  })

  it('answers null when no page has it, skipping a page that cannot be read', async () => {
    const index = new PdfTextIndex(book)
    expect(await index.find('unreadable', 1)).toBeNull()
    expect(await index.find('submarine', 2)).toBeNull()
  })

  it('reads each page once and searches nothing for a query under two characters', async () => {
    const doc = fakeDocument([['alpha'], ['beta']])
    const index = new PdfTextIndex(doc)
    await index.find('beta', 1)
    await index.find('alp', 1)
    expect(doc.reads).toEqual([1, 2])
    expect(await index.find('a', 1)).toBeNull()
    expect(isSearchable(' a ')).toBe(false)
    expect(isSearchable('ab')).toBe(true)
  })

  it('stops when the search is abandoned', async () => {
    const doc = fakeDocument([['x'], ['y'], ['z']])
    const index = new PdfTextIndex(doc)
    const controller = new AbortController()
    const getPage = vi.spyOn(doc, 'getPage')
    controller.abort()
    expect(await index.find('zz', 1, controller.signal)).toBeNull()
    expect(getPage).not.toHaveBeenCalled()
  })
})
