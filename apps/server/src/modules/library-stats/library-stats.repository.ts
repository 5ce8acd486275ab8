import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { LibraryStats } from '@shelfcast/contracts'
import type { Database } from '../../db/schema.ts'

const TOP = 10

/** Library totals and top lists; unrestricted readers are answered from covering indexes. */
export class LibraryStatsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** `visible` is a condition on `li` for readers who see part of the library, else null. */
  async stats(libraryId: string, visible: RawBuilder<SqlBool> | null): Promise<LibraryStats> {
    const vis = visible ?? sql<SqlBool>`1`
    const items = sql`library_items li WHERE li.library_id = ${libraryId} AND ${vis}`
    const joinVis = visible ? sql`JOIN library_items li ON li.id = t.item_id AND ${visible}` : sql``
    // The sums in one scan of the narrow totals index (migration 0020), never the item rows.
    const totals = (
      await sql<{
        n: number
        duration: number
        size: number
        tracks: number
      }>`SELECT count(*) AS n, total(li.duration) AS duration, total(li.size) AS size,
        total(li.num_tracks) AS tracks FROM ${items}`.execute(this.db)
    ).rows[0]
    const totalItems = Number(totals?.n ?? 0)
    const totalDuration = Number(totals?.duration ?? 0)
    const totalSize = Number(totals?.size ?? 0)
    const numAudioTracks = Number(totals?.tracks ?? 0)
    const longestItems = (
      await sql<{
        id: string
        title: string
        duration: number
      }>`SELECT li.id AS id, li.title AS title, li.duration AS duration FROM ${items}
        ORDER BY li.duration DESC LIMIT ${TOP}`.execute(this.db)
    ).rows
    const largestItems = (
      await sql<{
        id: string
        title: string
        size: number
      }>`SELECT li.id AS id, li.title AS title, li.size AS size FROM ${items}
        ORDER BY li.size DESC LIMIT ${TOP}`.execute(this.db)
    ).rows
    // Books per author counted along the (author_id, item_id) index, then joined to the library's authors.
    const perAuthor = sql`SELECT t.author_id AS author_id, count(*) AS count FROM item_authors t ${joinVis} GROUP BY t.author_id`
    // The top ten and the number of authors in one pass (a window count) instead of grouping item_authors twice.
    const topAuthors = (
      await sql<{
        id: string
        name: string
        count: number
        total: number
      }>`SELECT a.id AS id, a.name AS name, c.count AS count, count(*) OVER () AS total
        FROM (${perAuthor}) c CROSS JOIN authors a ON a.id = c.author_id WHERE +a.library_id = ${libraryId}
        ORDER BY c.count DESC, a.name LIMIT ${TOP}`.execute(this.db)
    ).rows
    const authorsWithCount = topAuthors.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }))
    const genres = (
      await sql<{
        genre: string
        count: number
      }>`SELECT t.value AS genre, count(*) AS count FROM item_facets t ${joinVis}
        WHERE t.library_id = ${libraryId} AND t.kind = 'genre' GROUP BY t.value ORDER BY count DESC, t.value`.execute(
        this.db,
      )
    ).rows.map((r) => ({ ...r, count: Number(r.count) }))
    const totalAuthors = Number(topAuthors[0]?.total ?? 0)
    return {
      totalItems,
      totalAuthors,
      totalGenres: genres.length,
      totalDuration,
      totalSize,
      numAudioTracks,
      longestItems,
      largestItems,
      authorsWithCount,
      genresWithCount: genres.slice(0, TOP),
    }
  }
}
