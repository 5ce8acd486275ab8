import type { Library, LibraryStats } from '@shelfcast/contracts'
import type { Kysely } from 'kysely'
import { contentStamp, StampedCache } from '../../db/stamped-cache.ts'
import type { Database } from '../../db/schema.ts'
import { itemVisibility, restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { LibraryStatsRepository } from './library-stats.repository.ts'

/** GET /api/libraries/:id/stats, as the user may see the library; kept until its content changes. */
export class LibraryStatsService {
  private readonly repo: LibraryStatsRepository
  private readonly db: Kysely<Database>
  private readonly cache = new StampedCache<LibraryStats>(100)
  constructor(deps: { repo: LibraryStatsRepository; db: Kysely<Database> }) {
    this.repo = deps.repo
    this.db = deps.db
  }

  async forLibrary(user: UserRecord, library: Library): Promise<LibraryStats> {
    const restricted = restrictsItemsWithinLibrary(user)
    const key = JSON.stringify([library.id, restricted ? [user.permissions, user.itemTagsSelected] : null])
    return this.cache.get(await contentStamp(this.db, library.id), key, () =>
      this.repo.stats(library.id, restricted ? itemVisibility(user, 'li') : null),
    )
  }
}
