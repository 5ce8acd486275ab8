import type { BookMatch } from '@shelfcast/contracts'

/** What a book search knows: a title (or an ASIN typed as one), maybe an author, ISBN and ASIN. */
export interface BookSearch {
  title: string
  author?: string | null
  isbn?: string | null
  asin?: string | null
}

/** One metadata source for books. Every answer is validated and normalised to Audiobookshelf's match shape. */
export interface BookMetadataProvider {
  /** The provider value clients send ("google", "audible.uk", "custom-<id>"). */
  readonly slug: string
  readonly name: string
  searchBooks(search: BookSearch): Promise<BookMatch[]>
  /** Only where covers come cheaper than full matches; otherwise the covers of searchBooks' hits. */
  searchCovers?(search: BookSearch): Promise<string[]>
}

/** A provider's cover candidates, first appearance kept. */
export async function coversFrom(provider: BookMetadataProvider, search: BookSearch): Promise<string[]> {
  if (provider.searchCovers) return provider.searchCovers(search)
  return [...new Set((await provider.searchBooks(search)).flatMap((m) => m.cover ?? []))]
}
