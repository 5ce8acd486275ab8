import type {
  FilterData,
  MinifiedBookItem,
  MinifiedLibraryItem,
  MinifiedPodcastItem,
} from '@shelfcast/contracts'
import { json, type RecordedRequest } from './fake-server.ts'
import { libraryFixture } from './fixtures.ts'
import { itemHeadFixture } from './item-fixtures.ts'
import { podcastMetadataFixture } from './podcast-download-fixtures.ts'

interface ListedItemOptions {
  libraryId?: string
  mediaType?: 'book' | 'podcast'
  title?: string
  author?: string
}

/** A minified list row as GET /api/libraries/:id/items answers it. */
export function listedItemFixture(
  index: number,
  over?: ListedItemOptions & { mediaType?: 'book' },
): MinifiedBookItem
export function listedItemFixture(
  index: number,
  over: ListedItemOptions & { mediaType: 'podcast' },
): MinifiedPodcastItem
export function listedItemFixture(index: number, over: ListedItemOptions): MinifiedLibraryItem
export function listedItemFixture(index: number, over: ListedItemOptions = {}): MinifiedLibraryItem {
  const id = `item-${index}`
  const title = over.title ?? `Book ${String(index).padStart(5, '0')}`
  const author = over.author ?? `Author ${index % 7}`
  // A list row has no lastScan or scanVersion.
  const {
    lastScan: _lastScan,
    scanVersion: _scanVersion,
    ...full
  } = itemHeadFixture(id, over.libraryId ?? 'a')
  const head = { ...full, ino: String(index), size: 1000, numFiles: 1 }
  const media = { id: `media-${index}`, coverPath: null, tags: [], size: 1000 }
  if (over.mediaType === 'podcast') {
    return {
      ...head,
      mediaType: 'podcast',
      media: {
        ...media,
        metadata: { ...podcastMetadataFixture(), title, titleIgnorePrefix: title, author },
        numEpisodes: 1,
        autoDownloadEpisodes: false,
        autoDownloadSchedule: null,
        lastEpisodeCheck: null,
        maxEpisodesToKeep: 0,
        maxNewEpisodesToDownload: 3,
      },
    }
  }
  return {
    ...head,
    mediaType: 'book',
    media: {
      ...media,
      metadata: {
        title,
        titleIgnorePrefix: title,
        subtitle: null,
        genres: [],
        publishedYear: null,
        publishedDate: null,
        publisher: null,
        description: null,
        isbn: null,
        asin: null,
        language: null,
        explicit: false,
        abridged: false,
        authorName: author,
        authorNameLF: author,
        narratorName: '',
        seriesName: '',
      },
      numTracks: 1,
      numAudioFiles: 1,
      numChapters: 0,
      duration: 60,
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
