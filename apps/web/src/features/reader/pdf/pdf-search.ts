/** Finding a word in a PDF: page texts read once from pdf.js, then a plain case-insensitive match. */

/** What the search needs of a document (a PDFDocumentProxy fits). */
export interface SearchableDocument {
  numPages: number
  getPage(pageNumber: number): Promise<{
    getTextContent(): Promise<{ items: ReadonlyArray<{ str: string; hasEOL?: boolean } | object> }>
  }>
}

/** Spec §5: a reader search needs more than one character. */
export const MIN_QUERY_LENGTH = 2

/** Lower case, accents kept, runs of white space as one space: what both sides of a match are reduced to. */
export const normalizeText = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim()

export const isSearchable = (query: string) => normalizeText(query).length >= MIN_QUERY_LENGTH

export class PdfTextIndex {
  readonly #doc: SearchableDocument
  readonly #texts = new Map<number, Promise<string>>()

  constructor(doc: SearchableDocument) {
    this.#doc = doc
  }

  /** A page's text, normalized; read from the document once. */
  pageText(pageNumber: number): Promise<string> {
    let text = this.#texts.get(pageNumber)
    if (!text) {
      text = this.#doc
        .getPage(pageNumber)
        .then((page) => page.getTextContent())
        .then(({ items }) =>
          normalizeText(
            items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''),
          ),
        )
      // A page that cannot be read is skipped by the search, and read again next time.
      text.catch(() => this.#texts.delete(pageNumber))
      this.#texts.set(pageNumber, text)
    }
    return text
  }

  /**
   * The first page holding `query`, looking from `fromPage` onwards and wrapping round to the pages before
   * it; null when no page has it. Stops early (null) when the signal aborts.
   */
  async find(query: string, fromPage: number, signal?: AbortSignal): Promise<number | null> {
    const needle = normalizeText(query)
    if (needle.length < MIN_QUERY_LENGTH) return null
    const total = this.#doc.numPages
    for (let i = 0; i < total; i++) {
      if (signal?.aborted) return null
      const page = ((fromPage - 1 + i) % total) + 1
      const text = await this.pageText(page).catch(() => '')
      if (text.includes(needle)) return page
    }
    return null
  }
}
