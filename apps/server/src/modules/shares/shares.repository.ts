import type { Kysely, Selectable } from 'kysely'
import type { Database, SharesTable } from '../../db/schema.ts'

export type ShareRow = Selectable<SharesTable>

/** Anonymous listeners a share remembers; past it, the least recently seen is forgotten. */
export const MAX_SESSIONS_PER_SHARE = 1000

/** The shares and share-sessions tables: no rules here, the service decides. */
export class SharesRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async byId(id: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async bySlug(slug: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('slug', '=', slug).executeTakeFirst()
  }

  async ofItems(itemIds: readonly string[]): Promise<ShareRow[]> {
    if (itemIds.length === 0) return []
    return this.db.selectFrom('shares').selectAll().where('media_item_id', 'in', itemIds).execute()
  }

  async insert(row: ShareRow): Promise<void> {
    await this.db.insertInto('shares').values(row).execute()
  }

  async delete(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('shares').where('id', '=', id).executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  /** Expired shares of a book, or holding a slug: they give way to a new share. */
  async deleteExpiredOf(itemId: string, slug: string, now: number): Promise<string[]> {
    const gone = await this.db
      .deleteFrom('shares')
      .where((eb) => eb.or([eb('media_item_id', '=', itemId), eb('slug', '=', slug)]))
      .where((eb) => eb.or([eb('is_expired', '=', 1), eb('expires_at', '<=', now)]))
      .returning('id')
      .execute()
    return gone.map((r) => r.id)
  }

  /** Marks shares whose time has passed; their ids. */
  async markExpired(now: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('shares')
      .set({ is_expired: 1 })
      .where('is_expired', '=', 0)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .returning('id')
      .execute()
    return rows.map((r) => r.id)
  }

  /** The next time a share expires (epoch ms), if any will. */
  async nextExpiry(): Promise<number | null> {
    const r = await this.db
      .selectFrom('shares')
      .select((eb) => eb.fn.min('expires_at').as('next'))
      .where('is_expired', '=', 0)
      .where('expires_at', 'is not', null)
      .executeTakeFirst()
    return r?.next ?? null
  }

  async sessionTime(idHash: string, shareId: string): Promise<number | null> {
    const r = await this.db
      .selectFrom('share_sessions')
      .select('current_time')
      .where('id_hash', '=', idHash)
      .where('share_id', '=', shareId)
      .executeTakeFirst()
    return r ? r.current_time : null
  }

  /**
   * Saves a share session's position. A share keeps at most `MAX_SESSIONS_PER_SHARE` sessions: a new one
   * beyond that pushes out the least recently used, so anonymous visitors cannot grow the table without end.
   */
  async saveSessionTime(idHash: string, shareId: string, time: number, now: number): Promise<void> {
    const updated = await this.db
      .updateTable('share_sessions')
      .set({ current_time: time, updated_at: now })
      .where('id_hash', '=', idHash)
      .where('share_id', '=', shareId)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) > 0) return
    await this.db
      .insertInto('share_sessions')
      .values({ id_hash: idHash, share_id: shareId, current_time: time, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['id_hash', 'share_id']).doUpdateSet({ current_time: time, updated_at: now }),
      )
      .execute()
    await this.db
      .deleteFrom('share_sessions')
      .where('share_id', '=', shareId)
      .where('id_hash', 'in', (eb) =>
        eb
          .selectFrom('share_sessions')
          .select('id_hash')
          .where('share_id', '=', shareId)
          .orderBy('updated_at', 'desc')
          // SQLite takes an OFFSET only after a LIMIT; -1 is no limit.
          .limit(-1)
          .offset(MAX_SESSIONS_PER_SHARE),
      )
      .execute()
  }

  /** Share sessions untouched since `before`: a browser that has not come back in the cookie's lifetime. */
  async pruneSessions(before: number): Promise<void> {
    await this.db.deleteFrom('share_sessions').where('updated_at', '<', before).execute()
  }
}
