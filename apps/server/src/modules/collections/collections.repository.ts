import type { Kysely, Selectable } from 'kysely'
import type { CollectionsTable, Database } from '../../db/schema.ts'

export type CollectionRow = Selectable<CollectionsTable>

/** Collections and their ordered books in SQLite. Positions are rewritten 0..n-1 whenever the order changes. */
export class CollectionsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async row(id: string): Promise<CollectionRow | null> {
    return (
      (await this.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    )
  }

  /** A page of a library's collections by name (limit null = all). */
  async page(
    libraryId: string,
    limit: number | null,
    offset: number,
  ): Promise<{ rows: CollectionRow[]; total: number }> {
    let q = this.db
      .selectFrom('collections')
      .selectAll()
      .where('library_id', '=', libraryId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
    if (limit !== null) q = q.limit(limit).offset(offset)
    const [rows, count] = await Promise.all([
      q.execute(),
      this.db
        .selectFrom('collections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('library_id', '=', libraryId)
        .executeTakeFirst(),
    ])
    return { rows, total: Number(count?.n ?? 0) }
  }

  /** Every collection of these libraries (all when null), by name. */
  async inLibraries(libraryIds: readonly string[] | null): Promise<CollectionRow[]> {
    if (libraryIds && libraryIds.length === 0) return []
    let q = this.db
      .selectFrom('collections')
      .selectAll()
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
    if (libraryIds) q = q.where('library_id', 'in', [...libraryIds])
    return q.execute()
  }

  /** Book ids of each collection, in order. */
  async books(collectionIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(collectionIds.map((id) => [id, []]))
    if (collectionIds.length === 0) return out
    const rows = await this.db
      .selectFrom('collection_books')
      .select(['collection_id', 'item_id'])
      .where('collection_id', 'in', [...collectionIds])
      .orderBy('collection_id')
      .orderBy('position')
      .execute()
    for (const r of rows) out.get(r.collection_id)?.push(r.item_id)
    return out
  }

  async insert(row: CollectionRow, bookIds: readonly string[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('collections').values(row).execute()
      await this.writeBooks(trx, row.id, bookIds)
    })
  }

  /** Updates the fields given and, when `bookIds` is given, replaces the books with exactly that order. */
  async update(
    id: string,
    fields: Partial<Pick<CollectionRow, 'name' | 'description'>>,
    updatedAt: number,
    bookIds?: readonly string[],
  ) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('collections')
        .set({ ...fields, updated_at: updatedAt })
        .where('id', '=', id)
        .execute()
      if (bookIds) {
        await trx.deleteFrom('collection_books').where('collection_id', '=', id).execute()
        await this.writeBooks(trx, id, bookIds)
      }
    })
  }

  async delete(id: string) {
    await this.db.deleteFrom('collections').where('id', '=', id).execute()
  }

  private async writeBooks(trx: Kysely<Database>, collectionId: string, bookIds: readonly string[]) {
    for (let i = 0; i < bookIds.length; i += 500) {
      const part = bookIds
        .slice(i, i + 500)
        .map((item_id, j) => ({ collection_id: collectionId, item_id, position: i + j }))
      if (part.length) await trx.insertInto('collection_books').values(part).execute()
    }
  }
}
