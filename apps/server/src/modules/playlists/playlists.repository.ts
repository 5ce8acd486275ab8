import type { Kysely, Selectable } from 'kysely'
import type { Database, PlaylistsTable } from '../../db/schema.ts'

export type PlaylistRow = Selectable<PlaylistsTable>

/** One playlist entry: a book ('' episode) or a podcast episode. */
export interface PlaylistEntry {
  itemId: string
  episodeId: string
}

export const entryKey = (e: PlaylistEntry) => `${e.itemId}\u0000${e.episodeId}`

/** Playlists and their ordered entries in SQLite. Positions are rewritten 0..n-1 whenever the entries change. */
export class PlaylistsRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async row(id: string): Promise<PlaylistRow | null> {
    return (await this.db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  }

  /** A page of the user's playlists (in one library, or all when null) by name; limit null = all. */
  async page(
    userId: string,
    libraryId: string | null,
    limit: number | null,
    offset: number,
  ): Promise<{ rows: PlaylistRow[]; total: number }> {
    let q = this.db.selectFrom('playlists').selectAll().where('user_id', '=', userId)
    let count = this.db
      .selectFrom('playlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
    if (libraryId !== null) {
      q = q.where('library_id', '=', libraryId)
      count = count.where('library_id', '=', libraryId)
    }
    q = q.orderBy((eb) => eb.fn('lower', ['name'])).orderBy('id')
    if (limit !== null) q = q.limit(limit).offset(offset)
    const [rows, n] = await Promise.all([q.execute(), count.executeTakeFirst()])
    return { rows, total: Number(n?.n ?? 0) }
  }

  /** How many playlists the user has in the library (one index range). */
  async count(userId: string, libraryId: string): Promise<number> {
    const row = await this.db
      .selectFrom('playlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('library_id', '=', libraryId)
      .executeTakeFirst()
    return Number(row?.n ?? 0)
  }

  /** Entries of each playlist, in order. */
  async entries(playlistIds: readonly string[]): Promise<Map<string, PlaylistEntry[]>> {
    const out = new Map<string, PlaylistEntry[]>(playlistIds.map((id) => [id, []]))
    if (playlistIds.length === 0) return out
    const rows = await this.db
      .selectFrom('playlist_items')
      .select(['playlist_id', 'item_id', 'episode_id'])
      .where('playlist_id', 'in', [...playlistIds])
      .orderBy('playlist_id')
      .orderBy('position')
      .execute()
    for (const r of rows) out.get(r.playlist_id)?.push({ itemId: r.item_id, episodeId: r.episode_id })
    return out
  }

  async insert(row: PlaylistRow, entries: readonly PlaylistEntry[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('playlists').values(row).execute()
      await this.writeEntries(trx, row.id, entries)
    })
  }

  /** Updates the fields given and, when `entries` is given, replaces the entries with exactly that order. */
  async update(
    id: string,
    fields: Partial<Pick<PlaylistRow, 'name' | 'description'>>,
    updatedAt: number,
    entries?: readonly PlaylistEntry[],
  ) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('playlists')
        .set({ ...fields, updated_at: updatedAt })
        .where('id', '=', id)
        .execute()
      if (entries) {
        await trx.deleteFrom('playlist_items').where('playlist_id', '=', id).execute()
        await this.writeEntries(trx, id, entries)
      }
    })
  }

  async delete(id: string) {
    await this.db.deleteFrom('playlists').where('id', '=', id).execute()
  }

  /** Episode ids that exist, with their podcast item. */
  async episodeOwners(episodeIds: readonly string[]): Promise<Map<string, string>> {
    if (episodeIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('podcast_episodes')
      .select(['id', 'library_item_id'])
      .where('id', 'in', [...episodeIds])
      .execute()
    return new Map(rows.map((r) => [r.id, r.library_item_id]))
  }

  private async writeEntries(trx: Kysely<Database>, playlistId: string, entries: readonly PlaylistEntry[]) {
    for (let i = 0; i < entries.length; i += 500) {
      const part = entries.slice(i, i + 500).map((e, j) => ({
        playlist_id: playlistId,
        item_id: e.itemId,
        episode_id: e.episodeId,
        position: i + j,
      }))
      if (part.length) await trx.insertInto('playlist_items').values(part).execute()
    }
  }
}
