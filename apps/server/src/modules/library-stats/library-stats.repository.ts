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
    const one = async (q: RawBuilder<{ n: number }>) => Number((await q.execute(this.db)).rows[0]?.n ?? 0)
    const joinVis = visible ? sql`JOIN library_items li ON li.id = t.item_id AND ${visible}` : sql``
    // Each sum reads the index that holds its column, never the item rows.
    const totalItems = await one(sql<{ n: number }>`SELECT count(*) AS n FROM ${items}`)
    const totalDuration = await one(sql<{ n: number }>`SELECT total(li.duration) AS n FROM ${items}`)
    const totalSize = await one(sql<{ n: number }>`SELECT total(li.size) AS n FROM ${items}`)
    const numAudioTracks = await one(sql<{ n: number }>`SELECT total(li.num_tracks) AS n FROM ${items}`)
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
