import { canAccessLibrary, type Series } from '@shelfcast/contracts'
import { sql, type Kysely } from 'kysely'
import type { Clock } from '../../clock.ts'
import type { Database } from '../../db/schema.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { conflict, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { titleIgnoringPrefix } from '../../scanner/names.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { toSeriesJson } from './series.service.ts'

const SERIES_NOT_FOUND = 'Series not found'

/**
 * PATCH /api/series/:id: a series' name and description. Audiobookshelf never merges series, so a name another
 * series of the library has (case-insensitively, as the unique index compares) is refused with 409. A rename
 * re-saves the series' books through the item writer, so their columns, search rows and metadata.json carry the
 * new name and a rescan keeps it.
 */
export class SeriesEditService {
  private readonly deps: {
    db: Kysely<Database>
    libraries: LibrariesService
    itemEdit: ItemEditService
    settings: SettingsService
    realtime: Realtime
    clock: Clock
  }
  constructor(deps: SeriesEditService['deps']) {
    this.deps = deps
  }

  async update(
    user: UserRecord,
    id: string,
    change: { name?: string; description?: string | null },
  ): Promise<Series> {
    const { db } = this.deps
    const row = await db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(SERIES_NOT_FOUND)
    await this.deps.libraries.getFor(user, row.library_id).catch(() => {
      throw notFound(SERIES_NOT_FOUND)
    })
    const name = change.name !== undefined && change.name !== row.name ? change.name : undefined
    if (name !== undefined) {
      const other = await db
        .selectFrom('series')
        .select('id')
        .where('library_id', '=', row.library_id)
        .where('id', '!=', row.id)
        .where(sql<string>`name COLLATE NOCASE`, '=', name)
        .executeTakeFirst()
      if (other) throw conflict(`Another series is already named "${name}"`)
    }
    const description =
      change.description !== undefined ? sanitizeDescription(change.description) || null : undefined
    if (name === undefined && (description === undefined || description === row.description))
      return toSeriesJson(row)
    const { sortingPrefixes } = await this.deps.settings.getServerSettings()
    try {
      await db
        .updateTable('series')
        .set({
          ...(name !== undefined && { name, name_ignore_prefix: titleIgnoringPrefix(name, sortingPrefixes) }),
          ...(description !== undefined && { description }),
          updated_at: this.deps.clock(),
        })
        .where('id', '=', row.id)
        .execute()
    } catch (err) {
      // Another request took the name between the check and the write.
      if (String(err).includes('UNIQUE')) throw conflict(`Another series is already named "${name}"`)
      throw err
    }
    if (name !== undefined) {
      const books = await db
        .selectFrom('item_series')
        .select('item_id')
        .where('series_id', '=', row.id)
        .execute()
      await this.deps.itemEdit.resaveBooks(books.map((b) => b.item_id))
    }
    const saved = await db.selectFrom('series').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    const json = toSeriesJson(saved)
    this.deps.realtime.toUsersWhere((u) => canAccessLibrary(u, json.libraryId), 'series_updated', json)
    return json
  }
}
