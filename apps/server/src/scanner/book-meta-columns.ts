import { type ItemRow } from '../db/item-rows.ts'
import { sanitizeDescription } from '../html/sanitize-description.ts'
import type { BookMeta } from './book-meta.ts'
import { authorNameLF, titleIgnoringPrefix } from './names.ts'
import { uniqueStrings, yearOf } from './text.ts'

/**
 * A book's metadata as the item row stores it; the scanner (tags, OPF, NFO, metadata.json, desc.txt) and the
 * edit endpoint both write through this, so the description is sanitised here once for both.
 */
export function bookMetaColumns(meta: Omit<BookMeta, 'chapters'>, sortingPrefixes: readonly string[]) {
  const authors = uniqueStrings(meta.authors)
  const narrators = uniqueStrings(meta.narrators)
  return {
    title: meta.title,
    title_ignore_prefix: titleIgnoringPrefix(meta.title, sortingPrefixes),
    subtitle: meta.subtitle,
    author_name: authors.join(', '),
    author_name_lf: authorNameLF(authors),
    narrator_name: narrators.join(', '),
    series_name: meta.series.map((s) => (s.sequence ? `${s.name} #${s.sequence}` : s.name)).join(', '),
    published_year: meta.publishedYear ?? yearOf(meta.publishedDate),
    published_date: meta.publishedDate,
    publisher: meta.publisher,
    description: sanitizeDescription(meta.description),
    isbn: meta.isbn,
    asin: meta.asin,
    language: meta.language,
    explicit: meta.explicit ? 1 : 0,
    abridged: meta.abridged ? 1 : 0,
    tags: JSON.stringify(uniqueStrings(meta.tags)),
    genres: JSON.stringify(uniqueStrings(meta.genres)),
    narrators: JSON.stringify(narrators),
  } satisfies Partial<ItemRow>
}
