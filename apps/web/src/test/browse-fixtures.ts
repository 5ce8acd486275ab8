import type { FilterData, MinifiedLibraryItem } from '@shelfcast/contracts'
import { json, type RecordedRequest } from './fake-server.ts'
import { libraryFixture } from './fixtures.ts'

/** A minified list row as GET /api/libraries/:id/items answers it. */
export function listedItemFixture(
  index: number,
  over: { libraryId?: string; mediaType?: 'book' | 'podcast'; title?: string; author?: string } = {},
): MinifiedLibraryItem {
  const id = `item-${index}`
  const title = over.title ?? `Book ${String(index).padStart(5, '0')}`
  const author = over.author ?? `Author ${index % 7}`
  return {
    id,
    ino: String(index),
    libraryId: over.libraryId ?? 'a',
    folderId: 'f',
    path: `/media/${id}`,
    relPath: id,
    isFile: false,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
    addedAt: 0,
    updatedAt: 1,
    oldLibraryItemId: null,
    isMissing: false,
    isInvalid: false,
    mediaType: over.mediaType ?? 'book',
    size: 1000,
    numFiles: 1,
    media: {
      id: `media-${index}`,
      metadata: { title, authorName: author, authors: [{ id: `author-${index % 7}`, name: author }], author },
      coverPath: null,
      tags: [],
      numTracks: 1,
      duration: 60,
      size: 1000,
    },
  }
}

export const filterDataFixture = (over: Partial<FilterData> = {}): FilterData => ({
  authors: [],
  series: [],
  genres: [],
  tags: [],
  narrators: [],
  publishers: [],
  publishedDecades: [],
  languages: [],
  bookCount: 0,
  authorCount: 0,
  seriesCount: 0,
  podcastCount: 0,
  numIssues: 0,
  loadedAt: 0,
  ...over,
})

export const libraryDetailReply = (
  id: string,
  mediaType: 'book' | 'podcast' = 'book',
  filterdata = filterDataFixture(),
) =>
  json({
    library: libraryFixture(id, mediaType),
    filterdata,
    issues: filterdata.numIssues,
    numUserPlaylists: 0,
  })

/** A paged items route over `total` generated items, answering like the server (limit/page/total). */
export function itemsRoute(total: number, over: { mediaType?: 'book' | 'podcast'; libraryId?: string } = {}) {
  return (request: RecordedRequest) => {
    const query = new URLSearchParams(request.search)
    const limit = Number(query.get('limit') ?? 0)
    const page = Number(query.get('page') ?? 0)
    const start = page * limit
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
      listedItemFixture(start + i, over),
    )
    return json({
      results,
      total,
      limit,
      page,
      sortDesc: query.get('desc') === '1',
      mediaType: over.mediaType ?? 'book',
      minified: true,
      collapseseries: false,
      include: '',
      offset: start,
    })
  }
}
