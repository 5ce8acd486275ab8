import { sql, type Kysely } from 'kysely'
import {
  defaultLibrarySettings,
  LibrarySettings,
  MediaType,
  type Library,
  type LibraryFolder,
} from '@shelfcast/contracts'
import type { Database } from '../../db/schema.ts'

// Built once: a zod schema derived per call (catch, partial) is compiled anew each time, on every library read.
const StoredMediaType = MediaType.catch('book')
const StoredSettings = LibrarySettings.partial()

/** A library's stored settings over its media type's defaults; damaged settings are the defaults, so it stays usable. */
export function storedLibrarySettings(json: string, mediaType: MediaType): LibrarySettings {
  try {
    return { ...defaultLibrarySettings(mediaType), ...StoredSettings.parse(JSON.parse(json)) }
  } catch {
    return defaultLibrarySettings(mediaType)
  }
}

export class LibrariesRepository {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async list(): Promise<Library[]> {
    const [libs, folders] = await Promise.all([
      this.db.selectFrom('libraries').selectAll().orderBy('display_order').orderBy('created_at').execute(),
      this.db.selectFrom('library_folders').selectAll().orderBy('created_at').execute(),
    ])
    return libs.map((l) => {
      const mediaType = StoredMediaType.parse(l.media_type)
      const settings = storedLibrarySettings(l.settings, mediaType)
      return {
        id: l.id,
        name: l.name,
        folders: folders
          .filter((f) => f.library_id === l.id)
          .map((f) => ({ id: f.id, fullPath: f.full_path, libraryId: f.library_id, addedAt: f.created_at })),
        displayOrder: l.display_order,
        icon: l.icon,
        mediaType,
        provider: l.provider,
        settings,
        lastScan: l.last_scan,
        lastScanVersion: l.last_scan_version,
        createdAt: l.created_at,
        lastUpdate: l.updated_at,
      }
    })
  }

  async insert(lib: Library) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('libraries')
        .values({
          id: lib.id,
          name: lib.name,
          media_type: lib.mediaType,
          display_order: lib.displayOrder,
          icon: lib.icon,
          provider: lib.provider,
          settings: JSON.stringify(lib.settings),
          created_at: lib.createdAt,
          updated_at: lib.lastUpdate,
        })
        .execute()
      for (const f of lib.folders) {
        await trx
          .insertInto('library_folders')
          .values({ id: f.id, library_id: lib.id, full_path: f.fullPath, created_at: f.addedAt })
          .execute()
      }
    })
  }

  /** Saves name, icon, provider, settings and order, and the folder changes, in one transaction. */
  async update(lib: Library, change: { added: LibraryFolder[]; removedIds: string[] }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('libraries')
        .set({
          name: lib.name,
          icon: lib.icon,
          provider: lib.provider,
          settings: JSON.stringify(lib.settings),
          display_order: lib.displayOrder,
          updated_at: lib.lastUpdate,
        })
        .where('id', '=', lib.id)
        .execute()
      for (const folderId of change.removedIds) {
        // Search rows have no foreign key: remove those of the folder's items before the items cascade away.
        await trx
          .deleteFrom('items_fts')
          .where('rowid', 'in', (eb) =>
            eb
              .selectFrom('library_items')
              .select(sql<number>`rowid`.as('rowid'))
              .where('folder_id', '=', folderId),
          )
          .execute()
        await trx
          .deleteFrom('library_folders')
          .where('id', '=', folderId)
          .where('library_id', '=', lib.id)
          .execute()
      }
      for (const f of change.added) {
        await trx
          .insertInto('library_folders')
          .values({ id: f.id, library_id: lib.id, full_path: f.fullPath, created_at: f.addedAt })
          .execute()
      }
    })
  }

  /** Removes a library with everything in it (items, authors, series, facets, progress cascade). */
  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('items_fts')
        .where('rowid', 'in', (eb) =>
          eb
            .selectFrom('library_items')
            .select(sql<number>`rowid`.as('rowid'))
            .where('library_id', '=', id),
        )
        .execute()
      await trx.deleteFrom('libraries').where('id', '=', id).execute()
      await sql`DELETE FROM library_content_versions WHERE library_id = ${id}`.execute(trx)
    })
  }

  async setLastScan(id: string, at: number, version: string) {
    await this.db
      .updateTable('libraries')
      .set({ last_scan: at, last_scan_version: version })
      .where('id', '=', id)
      .execute()
  }

  async setDisplayOrder(orders: { id: string; displayOrder: number }[], now: number) {
    await this.db.transaction().execute(async (trx) => {
      for (const o of orders) {
        await trx
          .updateTable('libraries')
          .set({ display_order: o.displayOrder, updated_at: now })
          .where('id', '=', o.id)
          .execute()
      }
    })
  }
}
