import fs from 'node:fs/promises'
import path from 'node:path'
import type { Kysely, Selectable } from 'kysely'
import { sql } from 'kysely'
import type { AuthorWithCount } from '@shelfcast/contracts'
import { messages } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import type { AuthorsTable, Database } from '../../db/schema.ts'
import { extensionOf } from '../../files/media-types.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { FetchError, type GuardedFetcher } from '../../net/index.ts'
import { lastFirst } from '../../scanner/names.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import { canAccessLibrary, type UserRecord } from '../users/users.model.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { AuthorsService } from './authors.service.ts'

/** The biggest author image accepted. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024

export interface AuthorUpdate {
  name?: string
  asin?: string | null
  description?: string | null
}

/**
 * Edits of authors: name (renaming onto another author of the library merges the two), ASIN, description,
 * image by URL, removal. Books follow every change of names through the item writer, so their columns,
 * search rows and metadata.json agree and a rescan keeps the new name.
 */
export class AuthorEditService {
  private readonly deps: {
    db: Kysely<Database>
    authors: AuthorsService
    libraries: LibrariesService
    itemEdit: ItemEditService
    fetcher: GuardedFetcher
    realtime: Realtime
    metadataPath: string
    clock: Clock
  }
  constructor(deps: AuthorEditService['deps']) {
    this.deps = deps
  }

  /** The author row, when the user may open its library; 404 otherwise. */
  private async row(user: UserRecord, id: string) {
    const row = await this.deps.db.selectFrom('authors').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound('Author not found')
    await this.deps.libraries.getFor(user, row.library_id).catch(() => {
      throw notFound('Author not found')
    })
    return row
  }

  /**
   * Audiobookshelf's `author_updated` (the author with its book count) to the users of its library who see every
   * book there: a user whose tag or explicit rules hide some would learn a count of books they may not see.
   */
  private announceUpdated(author: AuthorWithCount) {
    const { lastFirst: _lastFirst, ...json } = author
    this.deps.realtime.toUsersWhere(
      (u) => canAccessLibrary(u, author.libraryId) && !restrictsItemsWithinLibrary(u),
      'author_updated',
      json,
    )
  }

  /** Audiobookshelf's `author_removed` (the author's JSON) to the users of its library. */
  private announceRemoved(row: Selectable<AuthorsTable>) {
    const author = {
      id: row.id,
      asin: row.asin,
      name: row.name,
      description: row.description,
      imagePath: row.image_path,
      libraryId: row.library_id,
      addedAt: row.added_at,
      updatedAt: row.updated_at,
    }
    this.deps.realtime.toUsersWhere((u) => canAccessLibrary(u, row.library_id), 'author_removed', author)
  }

  private async bookIds(authorId: string): Promise<string[]> {
    return (
      await this.deps.db
        .selectFrom('item_authors')
        .select('item_id')
        .where('author_id', '=', authorId)
        .execute()
    ).map((r) => r.item_id)
  }

  /** PATCH /api/authors/:id: answers the author (the surviving one after a merge) and whether it merged. */
  async update(user: UserRecord, id: string, change: AuthorUpdate) {
    const row = await this.row(user, id)
    const db = this.deps.db
    const now = this.deps.clock()
    const name = change.name?.trim()
    if (change.name !== undefined && !name) throw badRequest(messages.nameRequired)
    let merged = false
    let resultId = row.id
    if (name && name !== row.name) {
      const other = await db
        .selectFrom('authors')
        .select(['id'])
        .where('library_id', '=', row.library_id)
        .where('id', '!=', row.id)
        .where(sql<string>`name COLLATE NOCASE`, '=', name)
        .executeTakeFirst()
      const books = await this.bookIds(row.id)
      if (other) {
        // Merge: the other author takes these books (keeping its own credit position when it had one).
        await db.transaction().execute(async (trx) => {
          await sql`INSERT OR IGNORE INTO item_authors (item_id, author_id, position)
            SELECT item_id, ${other.id}, position FROM item_authors WHERE author_id = ${row.id}`.execute(trx)
          await trx.deleteFrom('item_authors').where('author_id', '=', row.id).execute()
          await trx.deleteFrom('authors').where('id', '=', row.id).execute()
          await trx.updateTable('authors').set({ updated_at: now }).where('id', '=', other.id).execute()
        })
        merged = true
        resultId = other.id
      } else {
        await db
          .updateTable('authors')
          .set({ name, last_first: lastFirst(name), updated_at: now })
          .where('id', '=', row.id)
          .execute()
      }
      await this.deps.itemEdit.resaveBooks(books)
    }
    if (!merged && (change.asin !== undefined || change.description !== undefined)) {
      await db
        .updateTable('authors')
        .set({
          ...(change.asin !== undefined && { asin: change.asin?.trim() || null }),
          ...(change.description !== undefined && { description: sanitizeDescription(change.description) }),
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute()
    }
    const author = (await this.deps.authors.byIds(user, [resultId]))[0]
    if (!author) throw notFound('Author not found')
    if (merged) this.announceRemoved(row)
    this.announceUpdated(author)
    return { author, merged, updated: true }
  }

  /** DELETE /api/authors/:id: the author leaves every book it was credited on, then goes. */
  async remove(user: UserRecord, id: string): Promise<void> {
    const row = await this.row(user, id)
    const books = await this.bookIds(row.id)
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('item_authors').where('author_id', '=', row.id).execute()
      await trx.deleteFrom('authors').where('id', '=', row.id).execute()
    })
    await this.removeImageFile(row.image_path)
    await this.deps.itemEdit.resaveBooks(books)
    this.announceRemoved(row)
  }

  /** POST /api/authors/:id/image {url}: downloaded through the guarded fetcher, kept under METADATA_PATH/authors. */
  async setImageFromUrl(user: UserRecord, id: string, url: string) {
    const row = await this.row(user, id)
    let image
    try {
      image = await this.deps.fetcher.fetchImage(url, { maxBytes: MAX_IMAGE_BYTES })
    } catch (err) {
      if (err instanceof FetchError) throw badRequest(err.userMessage)
      throw err
    }
    const dir = path.join(this.deps.metadataPath, 'authors')
    await fs.mkdir(dir, { recursive: true })
    const file = path.join(dir, `${row.id}.${extensionOf(image.imageType) ?? 'jpg'}`)
    const tmp = `${file}.${Date.now()}.tmp`
    await fs.writeFile(tmp, image.body)
    await fs.rename(tmp, file)
    if (row.image_path && row.image_path !== file) await this.removeImageFile(row.image_path)
    await this.deps.db
      .updateTable('authors')
      .set({ image_path: file, updated_at: this.deps.clock() })
      .where('id', '=', row.id)
      .execute()
    const author = (await this.deps.authors.byIds(user, [row.id]))[0]
    if (!author) throw notFound('Author not found')
    this.announceUpdated(author)
    return { author }
  }

  async removeImage(user: UserRecord, id: string) {
    const row = await this.row(user, id)
    await this.removeImageFile(row.image_path)
    await this.deps.db
      .updateTable('authors')
      .set({ image_path: null, updated_at: this.deps.clock() })
      .where('id', '=', row.id)
      .execute()
    const author = (await this.deps.authors.byIds(user, [row.id]))[0]
    if (!author) throw notFound('Author not found')
    this.announceUpdated(author)
    return { author }
  }

  /** Only images this server stored (METADATA_PATH/authors) are ever deleted. */
  private async removeImageFile(imagePath: string | null) {
    const dir = path.join(this.deps.metadataPath, 'authors')
    if (imagePath && path.dirname(path.resolve(imagePath)) === path.resolve(dir))
      await fs.rm(imagePath, { force: true })
  }
}
