import type { Book, LibraryItem, Podcast } from '@shelfcast/contracts'

/** The book of an item a test expects to be one; anything else fails the test with what it was. */
export function bookMedia(item: LibraryItem | undefined): Book {
  if (item?.mediaType !== 'book') throw new Error(`Expected a book, got ${item?.mediaType ?? 'no item'}`)
  return item.media
}

/** The podcast of an item a test expects to be one; anything else fails the test with what it was. */
export function podcastMedia(item: LibraryItem | undefined): Podcast {
  if (item?.mediaType !== 'podcast')
    throw new Error(`Expected a podcast, got ${item?.mediaType ?? 'no item'}`)
  return item.media
}
