import type { BookMatch } from '@shelfcast/contracts'
import { z } from 'zod'
import { toBookMatches, type RawBookMatch } from './book-match.ts'
import { endpoint, settledOrThrow, type ProviderHttp } from './provider-http.ts'
import type { BookMetadataProvider, BookSearch } from './provider-types.ts'

export const FANTLAB_API_ORIGIN = 'https://api.fantlab.ru'
/** Work images are paths on the site, not on the API host. */
export const FANTLAB_SITE_ORIGIN = 'https://fantlab.ru'

/** Work types that are not books (articles, essays, reviews, interviews ...; see api.fantlab.ru/config.json). */
const NOT_BOOKS = new Set([7, 11, 12, 22, 23, 24, 25, 26, 46, 47, 49, 51, 52, 55, 56, 57])
/** Each hit needs its own detail request: only the first few are read. */
const MAX_WORKS = 5

// GET /search-works?q&page=1&onlymatches=1: an array of hits.
const SearchAnswer = z.array(z.object({ work_id: z.number(), work_type_id: z.number().nullish() }))

interface Genre {
  label?: string | null
  genre?: Genre[] | null
}
const Genre: z.ZodType<Genre> = z.lazy(() =>
  z.object({ label: z.string().nullish(), genre: z.array(Genre).nullish() }),
)

// GET /work/:id/extended
const WorkAnswer = z.object({
  work_id: z.number(),
  work_name: z.string().nullish(),
  work_name_alts: z.array(z.string()).nullish(),
  work_year: z.union([z.number(), z.string()]).nullish(),
  work_description: z.string().nullish(),
  image: z.string().nullish(),
  authors: z.array(z.object({ name: z.string().nullish() })).nullish(),
  classificatory: z
    .object({
      genre_group: z
        .array(z.object({ genre_group_id: z.number(), genre: z.array(Genre).nullish() }))
        .nullish(),
    })
    .nullish(),
  editions_blocks: z
    .record(z.string(), z.object({ list: z.array(z.object({ isbn: z.string().nullish() })).nullish() }))
    .nullish(),
})
type Work = z.infer<typeof WorkAnswer>

/** Group 1 holds genres: the first genre and its sub-genres. */
function genresOf(work: Work): string[] {
  const group = work.classificatory?.genre_group?.find((g) => g.genre_group_id === 1)
  const root = group?.genre?.[0]
  if (!root?.label) return []
  return [root.label, ...(root.genre ?? []).flatMap((g) => g.label ?? [])]
}

/** FantLab.ru (Russian-language fantasy and science fiction): work search, then each work's details. */
export class FantLabProvider implements BookMetadataProvider {
  readonly slug = 'fantlab'
  readonly name = 'FantLab.ru'
  private readonly http: ProviderHttp
  private readonly origin: string
  private readonly siteOrigin: string
  constructor(http: ProviderHttp, origins: { api?: string; site?: string } = {}) {
    this.http = http
    this.origin = origins.api ?? FANTLAB_API_ORIGIN
    this.siteOrigin = origins.site ?? FANTLAB_SITE_ORIGIN
  }

  private fromWork(work: Work): RawBookMatch {
    // Audio editions (block 30) first, then paper (10), for an ISBN.
    const editions = work.editions_blocks?.['30']?.list ?? work.editions_blocks?.['10']?.list ?? []
    return {
      title: work.work_name,
      subtitle: work.work_name_alts?.[0],
      author: work.authors
        ?.map((a) => a.name?.trim())
        .filter(Boolean)
        .join(', '),
      publishedYear: work.work_year === null || work.work_year === undefined ? null : String(work.work_year),
      description: work.work_description,
      cover: !work.image
        ? null
        : /^https?:\/\//i.test(work.image)
          ? work.image
          : endpoint(this.siteOrigin, work.image).href,
      isbn: editions.find((e) => e.isbn)?.isbn,
      genres: genresOf(work),
    }
  }

  async searchBooks(search: BookSearch): Promise<BookMatch[]> {
    const url = endpoint(this.origin, 'search-works', {
      q: [search.title, search.author].filter(Boolean).join(' '),
      page: '1',
      onlymatches: '1',
    })
    const hits = (await this.http.json(url, SearchAnswer))
      .filter((h) => !NOT_BOOKS.has(h.work_type_id ?? 0))
      .slice(0, MAX_WORKS)
    const works = await settledOrThrow(
      hits.map((h) => this.http.json(endpoint(this.origin, `work/${h.work_id}/extended`), WorkAnswer)),
    )
    return toBookMatches(works.map((w) => this.fromWork(w)))
  }
}
