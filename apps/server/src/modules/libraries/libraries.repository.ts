import type { Kysely } from 'kysely'
import { defaultLibrarySettings, LibrarySettings, MediaType, type Library } from '@shelfcast/contracts'
import type { Database } from '../../db/schema.ts'

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
      const mediaType = MediaType.catch('book').parse(l.media_type)
      let settings = defaultLibrarySettings(mediaType)
      try {
        settings = { ...settings, ...LibrarySettings.partial().parse(JSON.parse(l.settings)) }
      } catch {
        // Damaged settings fall back to defaults; the library stays usable.
      }
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
        lastScan: null,
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
}
