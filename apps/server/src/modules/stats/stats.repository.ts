import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import { missingCondition, type MISSING_COLUMNS } from '../../db/migrations/0004-listing-indexes.ts'
import { ITEMS_BY_ID_INDEX } from '../../db/migrations/0010-items-by-id-columns.ts'
import { ITEM_TOTALS_INDEX } from '../../db/migrations/0020-listening-rollup.ts'
import type { Database } from '../../db/schema.ts'

const MISSING_COVER_INDEX = `library_items_missing_${'cover' satisfies keyof typeof MISSING_COLUMNS}`
/** An item without a cover: the listing's "missing cover" rule (a null or empty path). */
const HAS_NO_COVER = sql.raw(missingCondition('li.cover_path'))

/** Whose listening: one user's, or every user's (the server's year). */
export type ListenerScope = { userId: string } | 'server'

/** One row of migration 0020's rollup: a user's seconds on one item in one month. */
export interface MonthItemRow {
  month: string
  user_id: string
  library_item_id: string
  media_type: string
  seconds: number
  sessions: number
  display_title: string
  display_author: string
}

/** An item that still exists, and whether the caller may see it. */
export interface ItemFacts {
  id: string
  media_type: string
  title: string
  author_name: string
  duration: number
  has_cover: number
  visible: number
}

export interface SessionFacts {
  library_item_id: string
  episode_id: string
  display_title: string
  display_author: string
  time_listening: number
  date: string
}

export interface FinishedRow {
  id: string
  title: string
  author_name: string
  duration: number
  has_cover: number
  visible: number
  finished_at: number
}

export interface Totals {
  numItems: number
  numAudioFiles: number
  totalDuration: number
  totalSize: number
}

/** Epoch-ms bounds of a year in the server's time zone (sessions' dates are its local days too). */
export function yearBounds(year: number): { from: number; to: number } {
  return { from: new Date(year, 0, 1).getTime(), to: new Date(year + 1, 0, 1).getTime() }
}

const num = (v: unknown) => Number(v ?? 0)

/**
 * SQL of year in review and server stats. Listening is read from `listening_months` (a few rows per user,
 * month and item) and the year indexes of migration 0020, never from every session.
 */
export class StatsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  private async rows<R>(q: RawBuilder<R>): Promise<R[]> {
    return (await q.execute(this.db)).rows
  }

  private async one(q: RawBuilder<{ n: number }>): Promise<number> {
    return num((await this.rows(q))[0]?.n)
  }

  /** The rollup rows of a year: a user's (through the primary key) or everyone's (through the month index). */
  monthRows(scope: ListenerScope, year: number): Promise<MonthItemRow[]> {
    const from = `${year}-01`
    const to = `${year}-12`
    const who = scope === 'server' ? sql`` : sql`user_id = ${scope.userId} AND`
    return this.rows(sql<MonthItemRow>`SELECT month, user_id, library_item_id, media_type, seconds, sessions,
      display_title, display_author FROM listening_months WHERE ${who} month >= ${from} AND month <= ${to}`)
  }

  /** Years with listening, latest first: one index seek per year. */
  async yearsWithData(scope: ListenerScope): Promise<number[]> {
    const who = scope === 'server' ? sql`` : sql`user_id = ${scope.userId} AND`
    const years: number[] = []
    let below = '9999-99'
    for (;;) {
      const latest = (
        await this.rows(sql<{ m: string | null }>`SELECT max(month) AS m FROM listening_months
          WHERE ${who} month < ${below}`)
      )[0]?.m
      if (!latest) return years
      const year = Number(latest.slice(0, 4))
      if (!Number.isInteger(year)) return years
      years.push(year)
      below = `${latest.slice(0, 4)}`
    }
  }

  /**
   * The items among `ids` that still exist, with `visible` evaluated for the caller. Read from the narrow by-id
   * index (migration 0010) and the partial "missing cover" index (0004), never from the item rows (kilobytes of
   * JSON each): 4× faster for the ~6,000 items of a server's year.
   */
  async items(ids: readonly string[], visible: RawBuilder<SqlBool>): Promise<ItemFacts[]> {
    if (ids.length === 0) return []
    return this.rows(sql<ItemFacts>`SELECT li.id AS id, l.media_type AS media_type, li.title AS title,
      li.author_name AS author_name, li.duration AS duration,
      NOT EXISTS (SELECT 1 FROM library_items m INDEXED BY ${sql.raw(MISSING_COVER_INDEX)}
        WHERE m.library_id = li.library_id AND m.id = li.id AND ${sql.raw(missingCondition('m.cover_path'))}) AS has_cover,
      CASE WHEN ${visible} THEN 1 ELSE 0 END AS visible
      FROM json_each(${JSON.stringify(ids)}) j CROSS JOIN library_items li INDEXED BY ${sql.raw(ITEMS_BY_ID_INDEX)}
        ON li.id = j.value
      CROSS JOIN libraries l ON l.id = li.library_id`)
  }

  /** Author names of these books, one row per book and author. */
  authorsOf(ids: readonly string[]): Promise<{ item_id: string; name: string }[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.rows(sql<{ item_id: string; name: string }>`SELECT ia.item_id AS item_id, a.name AS name
      FROM json_each(${JSON.stringify(ids)}) j CROSS JOIN item_authors ia ON ia.item_id = j.value
      CROSS JOIN authors a ON a.id = ia.author_id`)
  }

  /** Genres and narrators of these items (through item_facets' primary key). */
  facetsOf(ids: readonly string[]): Promise<{ item_id: string; kind: string; value: string }[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.rows(sql<{
      item_id: string
      kind: string
      value: string
    }>`SELECT f.item_id AS item_id, f.kind AS kind, f.value AS value
      FROM json_each(${JSON.stringify(ids)}) j CROSS JOIN item_facets f ON f.item_id = j.value
      WHERE f.kind IN ('genre', 'narrator')`)
  }

  /** The longest session of a year: the last entry of the year index (migration 0020). */
  async longestSession(scope: ListenerScope, year: number): Promise<SessionFacts | null> {
    const who = scope === 'server' ? sql`` : sql`user_id = ${scope.userId} AND`
    const r = await this
      .rows(sql<SessionFacts>`SELECT library_item_id, episode_id, display_title, display_author,
      time_listening, date FROM playback_sessions WHERE ${who} substr(date, 1, 4) = ${String(year).padStart(4, '0')}
      ORDER BY time_listening DESC LIMIT 1`)
    return r[0] ?? null
  }

  /** Books (not episodes) finished in the year, latest first; `visible` evaluated for the caller. */
  finishedBooks(userId: string, year: number, visible: RawBuilder<SqlBool>): Promise<FinishedRow[]> {
    const { from, to } = yearBounds(year)
    return this.rows(sql<FinishedRow>`SELECT li.id AS id, li.title AS title, li.author_name AS author_name,
      li.duration AS duration, NOT ${HAS_NO_COVER} AS has_cover,
      CASE WHEN ${visible} THEN 1 ELSE 0 END AS visible, mp.finished_at AS finished_at
      FROM media_progress mp CROSS JOIN library_items li ON li.id = mp.library_item_id
      WHERE mp.finished_at >= ${from} AND mp.finished_at < ${to} AND mp.user_id = ${userId}
        AND mp.episode_id = '' AND li.media_type = 'book'
      ORDER BY mp.finished_at DESC`)
  }

  /** How many times any user finished a book in the year (a book's progress is the one without an episode). */
  numBooksFinished(year: number): Promise<number> {
    const { from, to } = yearBounds(year)
    return this.one(sql<{ n: number }>`SELECT count(*) AS n FROM media_progress
      WHERE finished_at >= ${from} AND finished_at < ${to} AND episode_id = ''`)
  }

  async libraries(): Promise<{ id: string; media_type: string }[]> {
    return this.db.selectFrom('libraries').select(['id', 'media_type']).execute()
  }

  /** The latest books added to one library in the year that have a cover and the caller may see. */
  async booksAddedWithCovers(
    libraryId: string,
    year: number,
    visible: RawBuilder<SqlBool>,
  ): Promise<string[]> {
    const { from, to } = yearBounds(year)
    const rows = await this.rows(sql<{ id: string }>`SELECT li.id AS id FROM library_items li
      WHERE li.library_id = ${libraryId} AND li.added_at >= ${from} AND li.added_at < ${to}
        AND NOT ${HAS_NO_COVER} AND ${visible}
      ORDER BY li.added_at DESC LIMIT 10`)
    return rows.map((r) => r.id)
  }

  /** Authors added to one library in the year (authors_added index). */
  authorsAdded(libraryId: string, year: number): Promise<number> {
    const { from, to } = yearBounds(year)
    return this.one(sql<{ n: number }>`SELECT count(*) AS n FROM authors
      WHERE library_id = ${libraryId} AND added_at >= ${from} AND added_at < ${to}`)
  }

  /** Items, tracks, duration and size of one library: one scan of the narrow totals index (migration 0020). */
  async libraryTotals(libraryId: string): Promise<Totals> {
    const r = (
      await this.rows(sql<{ n: number; tracks: number; duration: number; size: number }>`SELECT count(*) AS n,
        total(num_tracks) AS tracks, total(duration) AS duration, total(size) AS size
        FROM library_items INDEXED BY ${sql.raw(ITEM_TOTALS_INDEX)} WHERE library_id = ${libraryId}`)
    )[0]
    return {
      numItems: num(r?.n),
      numAudioFiles: num(r?.tracks),
      totalDuration: num(r?.duration),
      totalSize: num(r?.size),
    }
  }

  /** Count, duration and size of the items added to one library in the year: a range of the totals index. */
  async added(libraryId: string, year: number): Promise<{ count: number; duration: number; size: number }> {
    const { from, to } = yearBounds(year)
    const r = (
      await this.rows(sql<{ n: number; size: number; duration: number }>`SELECT count(*) AS n,
        total(size) AS size, total(duration) AS duration FROM library_items INDEXED BY ${sql.raw(ITEM_TOTALS_INDEX)}
        WHERE library_id = ${libraryId} AND added_at >= ${from} AND added_at < ${to}`)
    )[0]
    return { count: num(r?.n), duration: num(r?.duration), size: num(r?.size) }
  }

  /** Podcast episodes with an audio file (a podcast's files are its episodes). */
  numEpisodeFiles(): Promise<number> {
    return this.one(
      sql<{ n: number }>`SELECT count(*) AS n FROM podcast_episodes WHERE audio_file IS NOT NULL`,
    )
  }

  numUsers(): Promise<number> {
    return this.one(sql<{ n: number }>`SELECT count(*) AS n FROM users`)
  }

  /** Every session's count and seconds, from the rollup. */
  async listeningTotals(): Promise<{ sessions: number; seconds: number }> {
    const r = (
      await this.rows(sql<{ sessions: number; seconds: number }>`SELECT total(sessions) AS sessions,
        total(seconds) AS seconds FROM listening_months`)
    )[0]
    return { sessions: num(r?.sessions), seconds: num(r?.seconds) }
  }
}
