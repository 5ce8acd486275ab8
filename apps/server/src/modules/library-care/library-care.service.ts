import fs from 'node:fs/promises'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { RemoveMetadataResponse } from '@shelfcast/contracts'
import type { Database } from '../../db/schema.ts'
import { isInsideOrEqual } from '../../files/contained-path.ts'
import { conflict } from '../../http/errors.ts'
import { createLimiter } from '../../scanner/limiter.ts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { emptyFolder } from '../library-items/cover-images.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { ToolRuns } from '../tools/tool-runs.ts'
import type { UserRecord } from '../users/users.model.ts'

/** Item folders read per query when looking for metadata files. */
const ITEMS_PER_PAGE = 2000

/**
 * Tidying a server: metadata files left in a library's item folders, and the cache folder
 * (METADATA_PATH/cache: resized covers under covers/, resized author images under authors/).
 */
export class LibraryCareService {
  private readonly deps: {
    db: Kysely<Database>
    libraries: LibrariesService
    items: ItemsService
    authors: AuthorsService
    /** The audio tools' runs: their work folders and backups live under cache/items. */
    toolRuns: Pick<ToolRuns, 'anyBusy'>
    metadataPath: string
    log: Logger
  }
  constructor(deps: LibraryCareService['deps']) {
    this.deps = deps
  }

  /**
   * POST /api/libraries/:id/remove-metadata: deletes `metadata.<ext>` in each folder item of the library. A file
   * counts only when it is a regular file (a symlink is left alone) in a folder whose real path lies inside one of
   * the library's folders. The items keep their database rows; the next scan reads what is left.
   */
  async removeMetadataFiles(
    user: UserRecord,
    libraryId: string,
    ext: 'json' | 'abs',
  ): Promise<RemoveMetadataResponse> {
    const library = await this.deps.libraries.getFor(user, libraryId)
    const roots = (
      await Promise.all(library.folders.map((f) => fs.realpath(f.fullPath).catch(() => null)))
    ).filter((r): r is string => r !== null)
    const name = `metadata.${ext}`
    let found = 0
    let removed = 0
    const limit = createLimiter(8)
    const removeIn = async (folder: string) => {
      const realFolder = await fs.realpath(folder).catch(() => null)
      if (!realFolder || !roots.some((root) => isInsideOrEqual(realFolder, root) && realFolder !== root))
        return
      const file = path.join(realFolder, name)
      const st = await fs.lstat(file).catch(() => null)
      if (!st?.isFile()) return
      found++
      try {
        await fs.rm(file)
        removed++
      } catch (err) {
        this.deps.log.warn({ err, file }, 'metadata file could not be removed')
      }
    }
    for (let offset = 0; ; offset += ITEMS_PER_PAGE) {
      const rows = await this.deps.db
        .selectFrom('library_items')
        .select(['path'])
        .where('library_id', '=', library.id)
        .where('is_file', '=', 0)
        .orderBy('id')
        .limit(ITEMS_PER_PAGE)
        .offset(offset)
        .execute()
      await Promise.all(rows.map((r) => limit(() => removeIn(r.path))))
      if (rows.length < ITEMS_PER_PAGE) break
    }
    return { found, removed }
  }

  /** POST /api/cache/items/purge: the resized covers go; each is rebuilt on its next request. */
  purgeItemsCache(): Promise<void> {
    return this.deps.items.purgeCoverCache()
  }

  /**
   * POST /api/cache/purge: everything under METADATA_PATH/cache goes (the folder itself stays). Refused while an
   * audio tool runs: its work folder and the originals' backups are under cache/items.
   */
  async purgeAll(): Promise<void> {
    if (this.deps.toolRuns.anyBusy())
      throw conflict('An audio tool is running: purge the cache when it has finished')
    await this.deps.items.purgeCoverCache()
    await this.deps.authors.purgeImageCache()
    await emptyFolder(path.join(this.deps.metadataPath, 'cache'))
  }
}
