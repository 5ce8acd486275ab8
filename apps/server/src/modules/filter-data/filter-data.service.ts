import type { FilterData, Library } from '@shelfcast/contracts'
import type { Kysely } from 'kysely'
import type { Clock } from '../../clock.ts'
import { contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import type { Database } from '../../db/schema.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { FilterDataProvider } from '../libraries/libraries.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { FilterDataRepository } from './filter-data.repository.ts'

/** "1994" -> "1990"; anything that is not a year is left out. */
export function decadesOf(years: readonly string[]): string[] {
  const out = new Set<string>()
  for (const y of years) {
    const m = /^(\d{3})\d/.exec(y.trim())
    if (m?.[1]) out.add(`${m[1]}0`)
  }
  return [...out].sort()
}

/**
 * Filter data of a library (authors, series, genres, tags, narrators, publishers, decades, languages and
 * counts) as the user may see it. Kept until the library's content changes, per access rule.
 */
export class FilterDataService implements FilterDataProvider {
  private readonly repo: FilterDataRepository
  private readonly db: Kysely<Database>
  private readonly clock: Clock
  /** The data and its JSON text: 100,000 items make a megabyte or two of names, serialised once. */
  private readonly cache = new StampedCache<{ data: FilterData; json: string }>(200)
  constructor(deps: { repo: FilterDataRepository; db: Kysely<Database>; clock: Clock }) {
    this.repo = deps.repo
    this.db = deps.db
    this.clock = deps.clock
  }

  async forLibrary(user: UserRecord, library: Library): Promise<FilterData> {
    return (await this.withJson(user, library)).data
  }

  async withJson(user: UserRecord, library: Library): Promise<{ data: FilterData; json: string }> {
    const restricted = restrictsItemsWithinLibrary(user)
    const key = JSON.stringify([
      library.id,
      restricted
        ? [
            user.permissions.accessExplicitContent,
            user.permissions.selectedTagsNotAccessible,
            user.itemTagsSelected,
          ]
        : null,
    ])
    const stamp = await contentStamp(this.db, library.id)
    return this.cache.get(stamp, key, async () => {
      const data = await this.compute(user, library, restricted)
      return { data, json: JSON.stringify(data) }
    })
  }

  private async compute(user: UserRecord, library: Library, restricted: boolean): Promise<FilterData> {
    const vis = restricted ? itemVisibility(user, 'li') : null
    const id = library.id
    const isBook = library.mediaType === 'book'
    const [authors, series, genres, tags, narrators, publishers, years, languages, counts] = [
      isBook ? await this.repo.authors(id, vis) : [],
      isBook ? await this.repo.series(id, vis) : [],
      await this.repo.facet(id, 'genre', vis),
      await this.repo.facet(id, 'tag', vis),
      isBook ? await this.repo.facet(id, 'narrator', vis) : [],
      isBook ? await this.repo.itemColumn(id, 'publisher', vis) : [],
      isBook ? await this.repo.itemColumn(id, 'published_year', vis) : [],
      await this.repo.itemColumn(id, 'language', vis),
      await this.repo.counts(id, vis),
    ]
    return {
      authors,
      series,
      genres,
      tags,
      narrators,
      publishers,
      publishedDecades: decadesOf(years),
      languages,
      bookCount: isBook ? counts.items : 0,
      authorCount: authors.length,
      seriesCount: series.length,
      podcastCount: isBook ? 0 : counts.items,
      numIssues: counts.issues,
      loadedAt: this.clock(),
    }
  }
}
