import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export interface SessionRow {
  id: string
  userId: string
  expiresAt: number
}

export interface RefreshTokenRow {
  sessionId: string
  replacedAt: number | null
  expiresAt: number
}

/** Login sessions and the refresh tokens that keep them alive. */
export class SessionsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async createSession(s: {
    id: string
    userId: string
    now: number
    expiresAt: number
    ip: string | null
    userAgent: string | null
    tokenHash: string
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          created_at: s.now,
          last_used_at: s.now,
          expires_at: s.expiresAt,
          ip: s.ip,
          user_agent: s.userAgent?.slice(0, 500) ?? null,
        })
        .execute()
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: s.tokenHash,
          session_id: s.id,
          created_at: s.now,
          replaced_at: null,
          expires_at: s.expiresAt,
        })
        .execute()
    })
  }

  async findSession(id: string): Promise<SessionRow | null> {
    const r = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst()
    return r ? { id: r.id, userId: r.user_id, expiresAt: r.expires_at } : null
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | null> {
    const r = await this.db
      .selectFrom('refresh_tokens')
      .select(['session_id', 'replaced_at', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst()
    return r ? { sessionId: r.session_id, replacedAt: r.replaced_at, expiresAt: r.expires_at } : null
  }

  /**
   * Marks the presented token replaced and adds its successor, atomically, when it is still current;
   * answers false (and changes nothing) when it was already rotated, e.g. by a concurrent request.
   */
  async rotate(a: {
    oldHash: string
    newHash: string
    sessionId: string
    now: number
    expiresAt: number
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ replaced_at: a.now })
        .where('token_hash', '=', a.oldHash)
        .where('replaced_at', 'is', null)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) === 0) return false
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: a.newHash,
          session_id: a.sessionId,
          created_at: a.now,
          replaced_at: null,
          expires_at: a.expiresAt,
        })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .execute()
      await trx
        .updateTable('sessions')
        .set({ last_used_at: a.now, expires_at: a.expiresAt })
        .where('id', '=', a.sessionId)
        .execute()
      return true
    })
  }

  /** One user's live login sessions, last used first, a page at a time. */
  async userSessionsPage(userId: string, now: number, page: number, perPage: number) {
    const q = this.db.selectFrom('sessions').where('user_id', '=', userId).where('expires_at', '>', now)
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll()
      .orderBy('last_used_at', 'desc')
      .orderBy('id')
      .limit(perPage)
      .offset(page * perPage)
      .execute()
    return { total: Number(total.n), rows }
  }

  /** Deletes a login session only when it is that user's; answers whether one was deleted. */
  async deleteSessionOf(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('sessions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  async deleteSession(id: string) {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute()
  }

  async deleteUserSessions(userId: string, keepSessionId?: string) {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId)
    if (keepSessionId) q = q.where('id', '!=', keepSessionId)
    await q.execute()
  }

  /**
   * Housekeeping: expired sessions and tokens. Rotated tokens are kept until they expire so that
   * a replay after the grace window is recognised as reuse and ends the session.
   */
  async prune(now: number) {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute()
  }
}
