import { encodeFilterValue } from '@shelfcast/contracts/client'
import authorsAnswer from '../../../../fixtures/abs-responses/GET_api_libraries_ID_authors.json'
import librariesAnswer from '../../../../fixtures/abs-responses/GET_api_libraries.json'
import refreshAnswer from '../../../../fixtures/abs-responses/POST_auth_refresh_cookie.json'
import seriesListAnswer from '../../../../fixtures/abs-responses/GET_api_libraries_ID_series_limit_5.json'
import { fakeServer, json, text, type RecordedRequest } from './fake-server.ts'

/**
 * A fake Audiobookshelf 2.36 server made of the answers it really gave (fixtures/abs-responses: captured
 * on the library that scripts/media/abs-test-library.ts generates). Each recorded answer
 * is served at its recorded path, whatever the query. Where our client asks for something that was not
 * captured as such, the answer is assembled from captured parts the way Audiobookshelf's controllers
 * assemble it (noted at each). Like Audiobookshelf, it answers 401 to any API call without the valid bearer
 * token, and it logs every status so a test can see 401s and calls it does not know (404).
 */

interface Recorded {
  request: { method: string; path: string }
  response: { status: number; body: unknown }
}
const recordedFiles = import.meta.glob<Recorded>('../../../../fixtures/abs-responses/*.json', {
  eager: true,
  import: 'default',
})
const recorded = Object.values(recordedFiles)

type MinifiedBook = (typeof seriesListAnswer.response.body.results)[number]['books'][number]

/** The access token the client holds (the recorded ones are redacted). */
export const ABS_ACCESS_TOKEN = 'abs-access-token'

export const absLibrary = librariesAnswer.response.body.libraries.find((l) => l.mediaType === 'book')!
export const absPodcastLibrary = librariesAnswer.response.body.libraries.find(
  (l) => l.mediaType === 'podcast',
)!
/** "Cantina Cases" by Rosa Delgado: three books, one of them in three files. */
export const absSeries = seriesListAnswer.response.body.results[0]!
export const absSeriesAuthor = authorsAnswer.response.body.authors.find((a) => a.name === 'Rosa Delgado')!

/** The id in the path of a recorded call (`/api/items/<id>?…`), for tests that open what was recorded. */
export function recordedId(file: string): string {
  const call = recordedFiles[`../../../../fixtures/abs-responses/${file}`]
  const id = call?.request.path.split('?')[0]?.split('/')[3]
  if (!id) throw new Error(`no recorded call ${file}`)
  return id
}

/** "Cantina Cases #2" -> "2": the sequence Audiobookshelf joined into seriesName. */
function sequenceOf(book: MinifiedBook): string | null {
  const match = / #(.+)$/.exec(book.media.metadata.seriesName)
  return match?.[1] ?? null
}

/** A book of the series as Audiobookshelf lists it in a series context: the series as one object. */
function inSeriesContext(book: MinifiedBook, withPrefix: boolean) {
  const series = {
    id: absSeries.id,
    name: absSeries.name,
    ...(withPrefix ? { nameIgnorePrefix: absSeries.nameIgnorePrefix } : {}),
    sequence: sequenceOf(book),
  }
  return { ...book, media: { ...book.media, metadata: { ...book.media.metadata, series } } }
}

/** GET /api/libraries/:id/series/:seriesId: the series alone, as Series.toOldJSON() makes it (no books, no counts). */
function seriesDetail(request: RecordedRequest) {
  const { books, ...series } = absSeries
  if (!new URLSearchParams(request.search).get('include')?.includes('progress')) return series
  const ids = books.map((b) => b.id)
  return { ...series, progress: { libraryItemIds: ids, libraryItemIdsFinished: [], isFinished: false } }
}

/** GET /api/libraries/:id/items filtered by the series: its books with the series set on each. */
function seriesItems(request: RecordedRequest) {
  const query = new URLSearchParams(request.search)
  const results = absSeries.books.map((b) => inSeriesContext(b, false))
  return {
    results,
    total: results.length,
    limit: Number(query.get('limit') ?? 0),
    page: 0,
    sortBy: query.get('sort') ?? undefined,
    sortDesc: false,
    filterBy: query.get('filter') ?? undefined,
    mediaType: 'book',
    minified: true,
    collapseseries: false,
    include: '',
  }
}

/** GET /api/authors/:id?include=items,series: author.toOldJSON() (no numBooks, no lastFirst) plus its items. */
function author(request: RecordedRequest) {
  const { numBooks: _count, lastFirst: _lastFirst, ...plain } = absSeriesAuthor
  const include = new URLSearchParams(request.search).get('include') ?? ''
  if (!include.includes('items')) return plain
  const series = [
    { id: absSeries.id, name: absSeries.name, items: absSeries.books.map((b) => inSeriesContext(b, true)) },
  ]
  return { ...plain, libraryItems: absSeries.books, ...(include.includes('series') ? { series } : {}) }
}

const publicPaths = new Set(['/status', '/ping', '/login', '/auth/refresh'])

export function absServer() {
  const statuses: { method: string; path: string; status: number }[] = []
  const answers = new Map<string, Recorded['response']>(
    recorded.map((r) => [`${r.request.method} ${r.request.path.split('?')[0] ?? ''}`, r.response]),
  )
  const served = (key: string) => () => {
    const answer = answers.get(key)
    return answer ? json(answer.body, answer.status) : text('Not found', 404)
  }
  const routes = fakeServer({
    ...Object.fromEntries([...answers.keys()].map((key) => [key, served(key)])),
    // Audiobookshelf's refresh carries a new access token.
    'POST /auth/refresh': () => {
      const body = refreshAnswer.response.body
      return json({ ...body, user: { ...body.user, accessToken: ABS_ACCESS_TOKEN } })
    },
    [`GET /api/libraries/${absLibrary.id}/series/${absSeries.id}`]: (r) => json(seriesDetail(r)),
    [`GET /api/libraries/${absLibrary.id}/items`]: (r) =>
      new URLSearchParams(r.search).get('filter') === `series.${encodeFilterValue(absSeries.id)}`
        ? json(seriesItems(r))
        : served(`GET /api/libraries/${absLibrary.id}/items`)(),
    [`GET /api/authors/${absSeriesAuthor.id}`]: (r) => json(author(r)),
  })
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { pathname } = new URL(String(input), 'http://app.test')
    const method = init?.method ?? 'GET'
    const bearer = new Headers(init?.headers).get('authorization')
    const response =
      publicPaths.has(pathname) || bearer === `Bearer ${ABS_ACCESS_TOKEN}`
        ? await routes.fetch(input, init)
        : text('Unauthorized', 401)
    statuses.push({ method, path: pathname, status: response.status })
    return response
  }
  return { fetch: fetch as typeof globalThis.fetch, statuses, requests: routes.requests }
}
