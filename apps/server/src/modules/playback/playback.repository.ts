import type BetterSqlite3 from 'better-sqlite3'
import type { Kysely, Selectable } from 'kysely'
import type { BookmarksTable, Database, PlaybackSessionsTable } from '../../db/schema.ts'
import { itemVisibility } from '../library-items/item-visibility.ts'
import { storedLibrarySettings } from '../libraries/libraries.repository.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { SessionSortKey } from '@shelfcast/contracts'

import {
  DEFAULT_FINISH_RULE,
  type FinishRule,
  type ProgressRow,
  type ProgressValues,
} from './progress-rules.ts'

export type { ProgressRow, ProgressValues }
export type SessionRow = Selectable<PlaybackSessionsTable>
export type BookmarkRow = Selectable<BookmarksTable>

/** What the playback rules need of an item the caller may see. */
export interface VisibleItem {
  id: string
  library_id: string
  media_id: string
  media_type: string
}

const IDS_PER_QUERY = 500

/** The column each `?sort=` of the sessions list orders by. */
const SORT_COLUMNS = {
  updatedAt: 'updated_at',
  startedAt: 'started_at',
  displayTitle: 'display_title',
  displayAuthor: 'display_author',
  timeListening: 'time_listening',
  currentTime: 'current_time',
  duration: 'duration',
  playMethod: 'play_method',
} as const satisfies Record<SessionSortKey, keyof PlaybackSessionsTable>

/** Every column of a session row, in the table's order (the insert names each one). */
const SESSION_COLUMNS = [
  'id',
  'user_id',
  'library_id',
  'library_item_id',
  'episode_id',
  'media_type',
  'display_title',
  'display_author',
  'cover_path',
  'duration',
  'media_metadata',
  'chapters',
  'play_method',
  'media_player',
  'device_info',
  'time_listening',
  'start_time',
  'current_time',
  'date',
  'day_of_week',
  'started_at',
  'updated_at',
  'closed_at',
] as const satisfies readonly (keyof SessionRow)[]
/** Does not compile while a column of the table is missing from the list above. */
const _everySessionColumn: Record<Exclude<keyof SessionRow, (typeof SESSION_COLUMNS)[number]>, never> = {}

/**
 * SQL of playback: sessions history, media progress and bookmarks. Writes that belong together (a sync
 * updates its session and the progress) run in one better-sqlite3 transaction.
 */
export class PlaybackRepository {
  private readonly db: Kysely<Database>
  private readonly sqlite: BetterSqlite3.Database
  private readonly stmts: {
    progressByKey: BetterSqlite3.Statement
    insertProgress: BetterSqlite3.Statement
    updateProgress: BetterSqlite3.Statement
    syncSession: BetterSqlite3.Statement
    insertSession: BetterSqlite3.Statement
    closeSession: BetterSqlite3.Statement
    librarySettings: BetterSqlite3.Statement<[string], { settings: string; media_type: string }>
  }

  constructor(db: Kysely<Database>, sqlite: BetterSqlite3.Database) {
    this.db = db
    this.sqlite = sqlite
    this.stmts = {
      progressByKey: sqlite.prepare(
        'SELECT * FROM media_progress WHERE user_id = ? AND library_item_id = ? AND episode_id = ?',
      ),
      insertProgress:
        sqlite.prepare(`INSERT INTO media_progress (id, user_id, library_item_id, episode_id, duration, progress,
          "current_time", is_finished, hide_from_continue_listening, ebook_location, ebook_progress, last_update, started_at, finished_at)
        VALUES (@id, @user_id, @library_item_id, @episode_id, @duration, @progress, @current_time, @is_finished,
          @hide_from_continue_listening, @ebook_location, @ebook_progress, @last_update, @started_at, @finished_at)`),
      updateProgress:
        sqlite.prepare(`UPDATE media_progress SET duration = @duration, progress = @progress, "current_time" = @current_time,
          is_finished = @is_finished, hide_from_continue_listening = @hide_from_continue_listening, ebook_location = @ebook_location,
          ebook_progress = @ebook_progress, last_update = @last_update, started_at = @started_at, finished_at = @finished_at
        WHERE id = @id`),
      syncSession:
        sqlite.prepare(`UPDATE playback_sessions SET time_listening = time_listening + @listened, "current_time" = @current_time,
          updated_at = @updated_at, closed_at = COALESCE(@closed_at, closed_at) WHERE id = @id`),
      insertSession:
        sqlite.prepare(`INSERT INTO playback_sessions (${SESSION_COLUMNS.map((c) => `"${c}"`).join(', ')})
        VALUES (${SESSION_COLUMNS.map((c) => `@${c}`).join(', ')})`),
      closeSession: sqlite.prepare(
        'UPDATE playback_sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL',
      ),
      librarySettings: sqlite.prepare('SELECT settings, media_type FROM libraries WHERE id = ?'),
    }
  }

  // ---- items -------------------------------------------------------------------------------------

  /** The items among `ids` the user may see (library, tags, explicit: the listing API's rule). */
  async visibleItems(user: UserRecord, ids: readonly string[]): Promise<Map<string, VisibleItem>> {
    const out = new Map<string, VisibleItem>()
    const unique = [...new Set(ids)]
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('library_items as li')
        .select(['li.id', 'li.library_id', 'li.media_id', 'li.media_type'])
        .where('li.id', 'in', unique.slice(i, i + IDS_PER_QUERY))
        .where(itemVisibility(user, 'li'))
        .execute()
      for (const r of rows) out.set(r.id, r)
    }
    return out
  }

  /** Which of these episode ids belong to which item. */
  async episodeOwners(episodeIds: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    const unique = [...new Set(episodeIds)].filter(Boolean)
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('podcast_episodes')
        .select(['id', 'library_item_id'])
        .where('id', 'in', unique.slice(i, i + IDS_PER_QUERY))
        .execute()
      for (const r of rows) out.set(r.id, r.library_item_id)
    }
    return out
  }

  // ---- progress ----------------------------------------------------------------------------------

  /** When progress in this library counts as finished: its settings read as the library list reads them. */
  finishRule(libraryId: string): FinishRule {
    const row = this.stmts.librarySettings.get(libraryId)
    if (!row) return DEFAULT_FINISH_RULE
    const settings = storedLibrarySettings(row.settings, row.media_type === 'podcast' ? 'podcast' : 'book')
    return {
      percentComplete: settings.markAsFinishedPercentComplete,
      timeRemainingSec: settings.markAsFinishedTimeRemaining,
    }
  }

  progress(userId: string, itemId: string, episodeId: string): ProgressRow | null {
    return (this.stmts.progressByKey.get(userId, itemId, episodeId) as ProgressRow | undefined) ?? null
  }

  async progressById(userId: string, id: string): Promise<ProgressRow | null> {
    const row = await this.db
      .selectFrom('media_progress')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row ?? null
  }

  /** Every progress row of the user, with the item's media id (for the JSON), newest first. */
  async allProgress(userId: string): Promise<(ProgressRow & { media_id: string })[]> {
    return this.db
      .selectFrom('media_progress as p')
      .innerJoin('library_items as li', 'li.id', 'p.library_item_id')
      .selectAll('p')
      .select('li.media_id')
      .where('p.user_id', '=', userId)
      .orderBy('p.last_update', 'desc')
      .execute()
  }

  /** Inserts or updates a progress row; the caller merges the values. Returns the stored row. */
  private writeProgress(
    existing: ProgressRow | null,
    key: { id: string; userId: string; itemId: string; episodeId: string },
    v: ProgressValues,
  ): ProgressRow {
    const row: ProgressRow = {
      id: existing?.id ?? key.id,
      user_id: key.userId,
      library_item_id: key.itemId,
      episode_id: key.episodeId,
      ...v,
    }
    if (existing) this.stmts.updateProgress.run(row)
    else this.stmts.insertProgress.run(row)
    return row
  }

  /**
   * Applies progress updates in one transaction. `merge` sees the current row (or null) and returns the
   * values to store, or null to leave that key alone.
   */
  saveProgress(
    updates: { id: string; userId: string; itemId: string; episodeId: string }[],
    merge: (existing: ProgressRow | null, index: number) => ProgressValues | null,
  ): ProgressRow[] {
    return this.sqlite.transaction(() => {
      const out: ProgressRow[] = []
      updates.forEach((key, i) => {
        const existing = this.progress(key.userId, key.itemId, key.episodeId)
        const v = merge(existing, i)
        if (v) out.push(this.writeProgress(existing, key, v))
      })
      return out
    })()
  }

  /** A sync: the session's listening time and position, and the progress, in one transaction. */
  syncSessionAndProgress(
    session: { id: string; listened: number; currentTime: number; now: number; closedAt: number | null },
    key: { id: string; userId: string; itemId: string; episodeId: string },
    merge: (existing: ProgressRow | null) => ProgressValues,
  ): ProgressRow {
    return this.sqlite.transaction(() => {
      this.stmts.syncSession.run({
        id: session.id,
        listened: session.listened,
        current_time: session.currentTime,
        updated_at: session.now,
        closed_at: session.closedAt,
      })
      const existing = this.progress(key.userId, key.itemId, key.episodeId)
      return this.writeProgress(existing, key, merge(existing))
    })()
  }

  async deleteProgress(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('media_progress')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  // ---- sessions ----------------------------------------------------------------------------------

  insertSession(row: SessionRow): void {
    this.stmts.insertSession.run(row)
  }

  /** A history session sent again by a mobile app (it kept listening offline). */
  async updateLocalSession(
    id: string,
    v: { time_listening: number; current_time: number; updated_at: number },
  ): Promise<void> {
    await this.db.updateTable('playback_sessions').set(v).where('id', '=', id).execute()
  }

  closeSession(id: string, now: number): void {
    this.stmts.closeSession.run(now, id)
  }

  /** A play: the sessions it replaces are closed and the new one stored, in one transaction. */
  startSession(row: SessionRow, replacing: readonly string[]): void {
    this.sqlite.transaction(() => {
      for (const id of replacing) this.stmts.closeSession.run(row.started_at, id)
      this.insertSession(row)
    })()
  }

  /** Sessions a previous run left open (a crash): they are history now. */
  async closeAllOpen(now: number): Promise<number> {
    const r = await this.db
      .updateTable('playback_sessions')
      .set({ closed_at: now })
      .where('closed_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows)
  }

  async sessionsPage(
    filter: { userId?: string; itemId?: string; episodeId?: string },
    page: number,
    perPage: number,
    order: { sort: SessionSortKey; desc: boolean } = { sort: 'updatedAt', desc: true },
  ): Promise<{ total: number; rows: SessionRow[] }> {
    let q = this.db.selectFrom('playback_sessions')
    if (filter.userId) q = q.where('user_id', '=', filter.userId)
    if (filter.itemId) q = q.where('library_item_id', '=', filter.itemId)
    if (filter.episodeId !== undefined) q = q.where('episode_id', '=', filter.episodeId)
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll()
      .orderBy(SORT_COLUMNS[order.sort], order.desc ? 'desc' : 'asc')
      .orderBy('id')
      .limit(perPage)
      .offset(page * perPage)
      .execute()
    return { total: Number(total.n), rows }
  }

  async sessionById(id: string): Promise<SessionRow | null> {
    return (
      (await this.db.selectFrom('playback_sessions').selectAll().where('id', '=', id).executeTakeFirst()) ??
      null
    )
  }

  /** Usernames by user id, of the users that exist. */
  async usernames(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
        .execute()
      for (const r of rows) out.set(r.id, r.username)
    }
    return out
  }

  /** The owners of the given sessions that exist. */
  async sessionOwners(ids: readonly string[]): Promise<{ id: string; user_id: string }[]> {
    if (ids.length === 0) return []
    return this.db
      .selectFrom('playback_sessions')
      .select(['id', 'user_id'])
      .where('id', 'in', [...ids])
      .execute()
  }

  async deleteSessions(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0
    const r = await this.db
      .deleteFrom('playback_sessions')
      .where('id', 'in', [...ids])
      .executeTakeFirst()
    return Number(r.numDeletedRows)
  }

  /** Totals for listening stats, computed in SQL. */
  async listeningTotals(userId: string): Promise<{
    total: number
    byItem: { library_item_id: string; t: number; last_update: number; media_metadata: string }[]
    byDay: { date: string; t: number }[]
    byDayOfWeek: { day_of_week: number; t: number }[]
  }> {
    const total = await this.db
      .selectFrom('playback_sessions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('time_listening'), eb.lit(0)).as('t'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    const byItem = await this.db
      .selectFrom('playback_sessions')
      // With max(), SQLite takes the bare media_metadata from the row holding the max: the latest session's.
      .select((eb) => [
        'library_item_id',
        eb.fn.sum<number>('time_listening').as('t'),
        eb.fn.max('updated_at').as('last_update'),
        'media_metadata',
      ])
      .where('user_id', '=', userId)
      .groupBy('library_item_id')
      .execute()
    const byDay = await this.db
      .selectFrom('playback_sessions')
      .select((eb) => ['date', eb.fn.sum<number>('time_listening').as('t')])
      .where('user_id', '=', userId)
      .groupBy('date')
      .execute()
    const byDayOfWeek = await this.db
      .selectFrom('playback_sessions')
      .select((eb) => ['day_of_week', eb.fn.sum<number>('time_listening').as('t')])
      .where('user_id', '=', userId)
      .groupBy('day_of_week')
      .execute()
    return {
      total: Number(total.t),
      byItem: byItem.map((r) => ({
        ...r,
        t: Number(r.t),
        last_update: Number(r.last_update),
        media_metadata: String(r.media_metadata),
      })),
      byDay: byDay.map((r) => ({ date: r.date, t: Number(r.t) })),
      byDayOfWeek: byDayOfWeek.map((r) => ({ day_of_week: r.day_of_week, t: Number(r.t) })),
    }
  }

  // ---- bookmarks ---------------------------------------------------------------------------------

  async bookmarks(userId: string, itemId?: string): Promise<BookmarkRow[]> {
    let q = this.db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId)
    if (itemId) q = q.where('library_item_id', '=', itemId)
    return q.orderBy('library_item_id').orderBy('time').execute()
  }

  /** Creates or (same time) retitles a bookmark. */
  async upsertBookmark(row: BookmarkRow): Promise<void> {
    await this.db
      .insertInto('bookmarks')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'library_item_id', 'time']).doUpdateSet({ title: row.title }),
      )
      .execute()
  }

  async renameBookmark(
    userId: string,
    itemId: string,
    time: number,
    title: string,
  ): Promise<BookmarkRow | null> {
    const r = await this.db
      .updateTable('bookmarks')
      .set({ title })
      .where('user_id', '=', userId)
      .where('library_item_id', '=', itemId)
      .where('time', '=', time)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) === 0) return null
    return (
      (await this.db
        .selectFrom('bookmarks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('library_item_id', '=', itemId)
        .where('time', '=', time)
        .executeTakeFirst()) ?? null
    )
  }

  async deleteBookmark(userId: string, itemId: string, time: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('bookmarks')
      .where('user_id', '=', userId)
      .where('library_item_id', '=', itemId)
      .where('time', '=', time)
      .executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }
}
