import type { Book, BookLibraryItem } from '@shelfcast/contracts'
import { itemHeadFixture } from './item-fixtures.ts'

/**
 * An expanded book item: `audio` files of 30 s (2 unless told; their tracks laid end to end), two chapters, an
 * optional epub.
 */
export function bookItemFixture(
  id: string,
  over: { title?: string; audio?: number; ebook?: boolean } = {},
): BookLibraryItem {
  const file = (name: string) => ({
    filename: name,
    ext: '.mp3',
    path: `/m/${name}`,
    relPath: name,
    size: 1000,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
  })
  const audioFiles = Array.from({ length: over.audio ?? 2 }, (_, i) => ({
    index: i + 1,
    ino: `ino-${i}`,
    metadata: file(`part ${i + 1}.mp3`),
    addedAt: 0,
    updatedAt: 0,
    trackNumFromMeta: null,
    discNumFromMeta: null,
    trackNumFromFilename: null,
    discNumFromFilename: null,
    manuallyVerified: false,
    exclude: false,
    error: null,
    format: 'MP3',
    duration: 30,
    bitRate: null,
    language: null,
    codec: 'mp3',
    timeBase: null,
    channels: 1,
    channelLayout: null,
    chapters: [],
    embeddedCoverArt: null,
    metaTags: {},
    mimeType: 'audio/mpeg',
  }))
  const media: Book = {
    id: `${id}-book`,
    libraryItemId: id,
    coverPath: null,
    tags: ['fav'],
    audioFiles,
    chapters: [
      { id: 0, start: 0, end: 30, title: 'One' },
      { id: 1, start: 30, end: 60, title: 'Two' },
    ],
    ebookFile: over.ebook
      ? { ino: 'eb', metadata: file('book.epub'), ebookFormat: 'epub', addedAt: 0, updatedAt: 0 }
      : null,
    numTracks: audioFiles.length,
    numAudioFiles: audioFiles.length,
    numChapters: 2,
    duration: 30 * audioFiles.length,
    size: 2000,
    tracks: audioFiles.map((f, i) => ({
      ...f,
      index: i + 1,
      title: f.metadata.filename,
      startOffset: i * 30,
      contentUrl: `/api/items/${id}/file/${f.ino}`,
    })),
    metadata: {
      title: over.title === undefined ? 'Dune' : over.title,
      titleIgnorePrefix: null,
      subtitle: null,
      authors: [{ id: 'au1', name: 'Frank Herbert' }],
      narrators: [],
      series: [],
      genres: ['SciFi'],
      publishedYear: '1965',
      publishedDate: null,
      publisher: null,
      description: null,
      isbn: null,
      asin: null,
      language: null,
      explicit: false,
      abridged: false,
      authorName: 'Frank Herbert',
      authorNameLF: 'Herbert, Frank',
      narratorName: '',
      seriesName: '',
    },
  }
  return {
    ...itemHeadFixture(id, 'lib1'),
    mediaType: 'book',
    media,
    numFiles: audioFiles.length,
    libraryFiles: audioFiles.map((f) => ({
      ino: f.ino,
      metadata: f.metadata,
      isSupplementary: null,
      addedAt: 0,
      updatedAt: 0,
      fileType: 'audio' as const,
    })),
    size: 2000,
  }
}
