import { sql, type Kysely, type Selectable } from 'kysely'
import type { AuthorsTable, Database } from '../../db/schema.ts'

export type AuthorRow = Selectable<AuthorsTable>

/** The SQL of author edits: renames, merges, details, images and removal. */
export class AuthorEditRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  byId(id: string): Promise<AuthorRow | undefined> {
    return this.db.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Ids of the books the author is credited on. */
  async bookIds(authorId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('item_authors')
      .select('item_id')
      .where('author_id', '=', authorId)
      .execute()
    return rows.map((r) => r.item_id)
  }

  /** Another author of the library with this name (case-insensitive): a rename onto it merges the two. */
  async otherNamed(libraryId: string, exceptId: string, name: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('authors')
      .select(['id'])
      .where('library_id', '=', libraryId)
      .where('id', '!=', exceptId)
      .where(sql<string>`name COLLATE NOCASE`, '=', name)
      .executeTakeFirst()
    return row?.id
  }

  /** `fromId`'s books go to `intoId` (which keeps its own credit position where it had one); `fromId` goes. */
  async merge(fromId: string, intoId: string, nowMs: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`INSERT OR IGNORE INTO item_authors (item_id, author_id, position)
        SELECT item_id, ${intoId}, position FROM item_authors WHERE author_id = ${fromId}`.execute(trx)
      await trx.deleteFrom('item_authors').where('author_id', '=', fromId).execute()
      await trx.deleteFrom('authors').where('id', '=', fromId).execute()
      await trx.updateTable('authors').set({ updated_at: nowMs }).where('id', '=', intoId).execute()
    })
  }

  async update(
    id: string,
    change: Partial<Pick<AuthorRow, 'name' | 'last_first' | 'asin' | 'description' | 'image_path'>>,
    nowMs: number,
  ): Promise<void> {
    await this.db
      .updateTable('authors')
      .set({ ...change, updated_at: nowMs })
      .where('id', '=', id)
      .execute()
  }

  /** The author leaves every book it was credited on, then goes. */
  async remove(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('item_authors').where('author_id', '=', id).execute()
      await trx.deleteFrom('authors').where('id', '=', id).execute()
    })
  }
}
