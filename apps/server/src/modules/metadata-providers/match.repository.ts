import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** The SQL matching needs beyond other modules' services. */
export class MatchRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** Books of a library that are present on disk, by title (match-all walks them in this order). */
  async presentBookIds(libraryId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('library_items')
      .select('id')
      .where('library_id', '=', libraryId)
      .where('media_type', '=', 'book')
      .where('is_missing', '=', 0)
      .orderBy('title')
      .orderBy('id')
      .execute()
    return rows.map((r) => r.id)
  }
}
