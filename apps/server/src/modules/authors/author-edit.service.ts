import fs from 'node:fs/promises'
import path from 'node:path'
import type { AuthorWithCount } from '@shelfcast/contracts'
import { canAccessLibrary, messages } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { extensionOf } from '../../files/media-types.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { FetchError, type GuardedFetcher } from '../../net/index.ts'
import { lastFirst } from '../../scanner/names.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import { type UserRecord } from '../users/users.model.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { AuthorEditRepository, AuthorRow } from './author-edit.repository.ts'
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
    repo: AuthorEditRepository
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
    const row = await this.deps.repo.byId(id)
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
  private announceRemoved(row: AuthorRow) {
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

  /** PATCH /api/authors/:id: answers the author (the surviving one after a merge) and whether it merged. */
  async update(user: UserRecord, id: string, change: AuthorUpdate) {
    const row = await this.row(user, id)
    const repo = this.deps.repo
    const now = this.deps.clock()
    const name = change.name?.trim()
    if (change.name !== undefined && !name) throw badRequest(messages.nameRequired)
    let merged = false
    let resultId = row.id
    if (name && name !== row.name) {
      const otherId = await repo.otherNamed(row.library_id, row.id, name)
      const books = await repo.bookIds(row.id)
      if (otherId) {
        // Merge: the other author takes these books.
        await repo.merge(row.id, otherId, now)
        merged = true
        resultId = otherId
      } else {
        await repo.update(row.id, { name, last_first: lastFirst(name) }, now)
      }
      await this.deps.itemEdit.resaveBooks(books)
    }
    if (!merged && (change.asin !== undefined || change.description !== undefined)) {
      await repo.update(
        row.id,
        {
          ...(change.asin !== undefined && { asin: change.asin?.trim() || null }),
          ...(change.description !== undefined && { description: sanitizeDescription(change.description) }),
        },
        now,
      )
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
    const books = await this.deps.repo.bookIds(row.id)
    await this.deps.repo.remove(row.id)
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
    await this.deps.repo.update(row.id, { image_path: file }, this.deps.clock())
    const author = (await this.deps.authors.byIds(user, [row.id]))[0]
    if (!author) throw notFound('Author not found')
    this.announceUpdated(author)
    return { author }
  }

  async removeImage(user: UserRecord, id: string) {
    const row = await this.row(user, id)
    await this.removeImageFile(row.image_path)
    await this.deps.repo.update(row.id, { image_path: null }, this.deps.clock())
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
