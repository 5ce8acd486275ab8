import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely'
import type { AuthorSortKey } from '@shelfcast/contracts'
import type { AuthorsTable, Database } from '../../db/schema.ts'
import { contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'

export type AuthorRow = Selectable<AuthorsTable> & { num_books: number }

/** Authors and narrators in SQL: only people with a book the user may see are listed, with that count. */
export class AuthorsRepository {
  private readonly db: Kysely<Database>
  /** Author lists until the library's content changes. */
  private readonly cache = new StampedCache<{ rows: AuthorRow[]; total: number }>(100)
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** The author's books the user may see, as a count expression on author `a`. */
  private numBooks(user: UserRecord): RawBuilder<number> {
    return restrictsItemsWithinLibrary(user)
      ? sql<number>`(SELECT count(*) FROM item_authors ia JOIN library_items li ON li.id = ia.item_id WHERE ia.author_id = a.id AND ${itemVisibility(user, 'li')})`
      : sql<number>`(SELECT count(*) FROM item_authors ia WHERE ia.author_id = a.id)`
  }

  async list(
    user: UserRecord,
    libraryId: string,
    opts: { sort: AuthorSortKey; desc: boolean; limit: number | null; offset: number },
  ): Promise<{ rows: AuthorRow[]; total: number }> {
    const restricted = restrictsItemsWithinLibrary(user)
    const key = JSON.stringify([
      libraryId,
      opts,
      restricted ? [user.permissions, user.itemTagsSelected] : null,
    ])
    return this.cache.get(await contentStamp(this.db, libraryId), key, () =>
      this.compute(user, libraryId, opts),
    )
  }

  /**
   * Authors with a book the user may see. A page computes book counts for its own rows only (names and
   * dates come in index order); the full list and the numBooks sort count along the (author_id, item_id) index.
   */
  private async compute(
    user: UserRecord,
    libraryId: string,
    opts: { sort: AuthorSortKey; desc: boolean; limit: number | null; offset: number },
  ) {
    const dir = opts.desc ? sql`DESC` : sql`ASC`
    const restricted = restrictsItemsWithinLibrary(user)
    const hasBook = restricted
      ? sql<SqlBool>`EXISTS (SELECT 1 FROM item_authors ia CROSS JOIN library_items li ON li.id = ia.item_id WHERE ia.author_id = a.id AND ${itemVisibility(user, 'li', { probeOnly: true })})`
      : sql<SqlBool>`EXISTS (SELECT 1 FROM item_authors ia WHERE ia.author_id = a.id)`
    const where = sql<SqlBool>`a.library_id = ${libraryId} AND ${hasBook}`
    const page = opts.limit === null ? sql`` : sql`LIMIT ${opts.limit} OFFSET ${opts.offset}`
    const orderBy = (numBooks: RawBuilder<unknown>) => {
      const byName = sql`a.name COLLATE NOCASE ${dir}`
      return {
        name: byName,
        lastFirst: sql`a.last_first COLLATE NOCASE ${dir}`,
        numBooks: sql`${numBooks} ${dir}, ${byName}`,
        addedAt: sql`a.added_at ${dir}, ${byName}`,
        updatedAt: sql`a.updated_at ${dir}, ${byName}`,
      }[opts.sort]
    }
    let rows: AuthorRow[]
    if (opts.sort === 'numBooks' || opts.limit === null) {
      const counts = restricted
        ? sql`SELECT ia.author_id AS author_id, count(*) AS n FROM item_authors ia CROSS JOIN library_items li ON li.id = ia.item_id
            WHERE ${itemVisibility(user, 'li', { probeOnly: true })} GROUP BY ia.author_id`
        : sql`SELECT author_id, count(*) AS n FROM item_authors GROUP BY author_id`
      rows = (
        await sql<AuthorRow>`SELECT a.*, c.n AS num_books FROM (${counts}) c CROSS JOIN authors a ON a.id = c.author_id
          WHERE +a.library_id = ${libraryId} ORDER BY ${orderBy(sql`c.n`)} ${page}`.execute(this.db)
      ).rows
    } else {
      rows = (
        await sql<AuthorRow>`SELECT a.*, ${this.numBooks(user)} AS num_books FROM authors a WHERE ${where} ORDER BY ${orderBy(sql`num_books`)} ${page}`.execute(
          this.db,
        )
      ).rows
    }
    const total =
      opts.limit === null || (opts.offset === 0 && rows.length < opts.limit)
        ? rows.length + opts.offset
        : Number(
            (await sql<{ n: number }>`SELECT count(*) AS n FROM authors a WHERE ${where}`.execute(this.db))
              .rows[0]?.n ?? 0,
          )
    return { rows, total }
  }

  async byIds(user: UserRecord, ids: readonly string[]): Promise<AuthorRow[]> {
    if (ids.length === 0) return []
    return (
      await sql<AuthorRow>`SELECT a.*, ${this.numBooks(user)} AS num_books FROM authors a WHERE a.id IN (${sql.join([...ids])})`.execute(
        this.db,
      )
    ).rows
  }

  async byId(user: UserRecord, id: string): Promise<AuthorRow | null> {
    const r =
      await sql<AuthorRow>`SELECT a.*, ${this.numBooks(user)} AS num_books FROM authors a WHERE a.id = ${id}`.execute(
        this.db,
      )
    return r.rows[0] ?? null
  }

  /** The author's books the user may see, newest first by publication, then title. */
  async bookIds(user: UserRecord, authorId: string): Promise<string[]> {
    const r = await sql<{
      id: string
    }>`SELECT li.id AS id FROM item_authors ia JOIN library_items li ON li.id = ia.item_id
      WHERE ia.author_id = ${authorId} AND ${itemVisibility(user, 'li')}
      ORDER BY li.published_year DESC, li.title COLLATE NOCASE, li.id`.execute(this.db)
    return r.rows.map((x) => x.id)
  }

  /** Series holding any of these items, with the items of each. */
  async seriesOf(
    itemIds: readonly string[],
  ): Promise<{ id: string; name: string; itemId: string; sequence: string | null }[]> {
    if (itemIds.length === 0) return []
    const r = await sql<{ id: string; name: string; itemId: string; sequence: string | null }>`
      SELECT s.id AS id, s.name AS name, x.item_id AS itemId, x.sequence AS sequence FROM item_series x JOIN series s ON s.id = x.series_id
      WHERE x.item_id IN (${sql.join([...itemIds])}) ORDER BY s.name COLLATE NOCASE, x.sequence_sort IS NULL, x.sequence_sort`.execute(
      this.db,
    )
    return r.rows
  }

  async imagePath(id: string): Promise<{ imagePath: string | null; updatedAt: number } | null> {
    const r = await this.db
      .selectFrom('authors')
      .select(['image_path', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst()
    return r ? { imagePath: r.image_path, updatedAt: r.updated_at } : null
  }

  /** Narrators of the library with the number of books the user may see. */
  async narrators(user: UserRecord, libraryId: string): Promise<{ name: string; numBooks: number }[]> {
    const visible = restrictsItemsWithinLibrary(user)
    const r = visible
      ? await sql<{
          name: string
          n: number
        }>`SELECT f.value AS name, count(*) AS n FROM item_facets f JOIN library_items li ON li.id = f.item_id
          WHERE f.library_id = ${libraryId} AND f.kind = 'narrator' AND ${itemVisibility(user, 'li')} GROUP BY f.value ORDER BY f.value`.execute(
          this.db,
        )
      : await sql<{ name: string; n: number }>`SELECT value AS name, count(*) AS n FROM item_facets
          WHERE library_id = ${libraryId} AND kind = 'narrator' GROUP BY value ORDER BY value`.execute(
          this.db,
        )
    return r.rows.map((x) => ({ name: x.name, numBooks: Number(x.n) }))
  }
}
