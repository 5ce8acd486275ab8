import type { LibraryItem } from '@shelfcast/contracts'
import { itemHeadFixture } from '@/test/item-fixtures.ts'

/** An expanded book as POST /api/items/batch/get answers it, for the batch page's tests. */
export function expandedBookFixture(
  id: string,
  over: { title?: string; libraryId?: string } = {},
): LibraryItem {
  return {
    ...itemHeadFixture(id, over.libraryId ?? 'a'),
    ino: id,
    lastScan: 0,
    mediaType: 'book',
    numFiles: 0,
    size: 10,
    libraryFiles: [],
    media: {
      id: `media-${id}`,
      libraryItemId: id,
      coverPath: null,
      tags: ['tag1'],
      audioFiles: [],
      chapters: [],
      ebookFile: null,
      numTracks: 0,
      numAudioFiles: 0,
      numChapters: 0,
      duration: 60,
      size: 10,
      tracks: [],
      metadata: {
        title: over.title ?? `Book ${id}`,
        titleIgnorePrefix: over.title ?? `Book ${id}`,
        subtitle: 'A subtitle',
        authors: [{ id: 'author-ann', name: 'Ann Author' }],
        narrators: ['Ned Narrator'],
        series: [{ id: 'series-saga', name: 'Saga', sequence: '1' }],
        genres: ['Fantasy'],
        publishedYear: '2001',
        publishedDate: null,
        publisher: 'House',
        description: null,
        isbn: null,
        asin: null,
        language: 'en',
        explicit: false,
        abridged: false,
        authorName: 'Ann Author',
        authorNameLF: 'Author, Ann',
        narratorName: 'Ned Narrator',
        seriesName: 'Saga #1',
      },
    },
  }
}
