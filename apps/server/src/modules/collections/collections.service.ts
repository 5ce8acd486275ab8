import { canAccessLibrary } from '@shelfcast/contracts'
import crypto from 'node:crypto'
import type {
  Collection,
  CollectionsListResponse,
  CreateCollectionRequest,
  Library,
  LibraryItem,
  MinifiedLibraryItem,
  UpdateCollectionRequest,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { type UserRecord } from '../users/users.model.ts'
import type { CollectionRow, CollectionsRepository } from './collections.repository.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { mergeKeepingHidden } from '../named-lists/ordered-entries.ts'

const NOT_FOUND = 'Collection not found'

/**
 * Collections: a library's shared, ordered lists of books. Everyone who can open the library sees them,
 * each reader only the books they may see; changing them needs the update permission, deleting the
 * delete permission (checked by the routes). A reader's edit never drops books hidden from them.
 */
export class CollectionsService {
  private readonly repo: CollectionsRepository
  private readonly items: ItemsService
  private readonly libraries: LibrariesService
  private readonly realtime: Realtime
  private readonly clock: Clock
  constructor(deps: {
    repo: CollectionsRepository
    items: ItemsService
    libraries: LibrariesService
    realtime: Realtime
    clock: Clock
  }) {
    this.repo = deps.repo
    this.items = deps.items
    this.libraries = deps.libraries
    this.realtime = deps.realtime
    this.clock = deps.clock
  }

  /** The JSON of collections as this user sees them; a non-empty collection with nothing visible is left out. */
  private async toJson(
    user: UserRecord,
    rows: readonly CollectionRow[],
    minified: boolean,
    keepEmpty = false,
    limit?: number,
  ): Promise<Collection[]> {
    const books = await this.repo.books(rows.map((r) => r.id))
    const visible = new Set(await this.items.filterVisible(user, [...books.values()].flat()))
    const allVisibleOf = (id: string) => (books.get(id) ?? []).filter((b) => visible.has(b))
    const visibleOf = (id: string) => allVisibleOf(id).slice(0, limit)
    const allIds = [...new Set(rows.flatMap((r) => visibleOf(r.id)))]
    const json: (MinifiedLibraryItem | LibraryItem)[] = minified
      ? await this.items.minified(allIds)
      : await this.items.expanded(allIds)
    const byId = new Map(json.map((i) => [i.id, i]))
    return rows
      .filter((r) => keepEmpty || allVisibleOf(r.id).length > 0 || (books.get(r.id) ?? []).length === 0)
      .map((r) => ({
        id: r.id,
        libraryId: r.library_id,
        name: r.name,
        description: r.description,
        books: visibleOf(r.id).flatMap((b) => byId.get(b) ?? []),
        ...(limit !== undefined && { numBooks: allVisibleOf(r.id).length }),
        lastUpdate: r.updated_at,
        createdAt: r.created_at,
      }))
  }

  /** GET /api/libraries/:id/collections: a page by name (limit 0 or none = all). */
  async listForLibrary(
    user: UserRecord,
    library: Library,
    opts: { limit?: number; page?: number; minified?: boolean },
  ): Promise<CollectionsListResponse> {
    const limit = opts.limit ? opts.limit : null
    const page = opts.page ?? 0
    const { rows, total } = await this.repo.page(library.id, limit, limit === null ? 0 : page * limit)
    const results = await this.toJson(user, rows, opts.minified ?? false)
    return { results, total, limit: limit ?? 0, page }
  }

  /** GET /api/collections: every collection in the libraries the user may open. */
  async listAll(user: UserRecord, minified: boolean): Promise<Collection[]> {
    const libraries = (await this.libraries.all())
      .filter((l) => canAccessLibrary(user, l.id))
      .map((l) => l.id)
    return this.toJson(user, await this.repo.inLibraries(libraries), minified)
  }

  private async rowFor(user: UserRecord, id: string): Promise<CollectionRow> {
    const row = await this.repo.row(id)
    if (!row || !canAccessLibrary(user, row.library_id)) throw notFound(NOT_FOUND)
    return row
  }

  async get(user: UserRecord, id: string, minified: boolean, limit?: number): Promise<Collection> {
    const [json] = await this.toJson(user, [await this.rowFor(user, id)], minified, true, limit)
    if (!json) throw notFound(NOT_FOUND)
    return json
  }

  /** Books of the library the user may see, in request order; any other id is refused. */
  private async checkedBooks(user: UserRecord, library: Library, ids: readonly string[]): Promise<string[]> {
    if (library.mediaType !== 'book') throw badRequest('Collections hold books only')
    const visible = await this.items.filterVisible(user, ids, library.id)
    if (visible.length !== new Set(ids).size) throw badRequest('Some items are not books of this library')
    return visible
  }

  async create(user: UserRecord, req: CreateCollectionRequest): Promise<Collection> {
    const library = await this.libraries.getFor(user, req.libraryId).catch(() => {
      throw badRequest('Library not found')
    })
    const books = await this.checkedBooks(user, library, req.books ?? [])
    const now = this.clock()
    const row: CollectionRow = {
      id: crypto.randomUUID(),
      library_id: library.id,
      name: req.name,
      description: sanitizeDescription(req.description || null),
      created_at: now,
      updated_at: now,
    }
    await this.repo.insert(row, books)
    await this.emit('collection_added', row.id)
    // Audiobookshelf answers a new collection with its books expanded (a new collection holds few books).
    return this.get(user, row.id, false)
  }

  /** PATCH: name, description, and `books` as the new list (its visible part; hidden books stay). */
  async update(user: UserRecord, id: string, req: UpdateCollectionRequest): Promise<Collection> {
    const row = await this.rowFor(user, id)
    let books: string[] | undefined
    if (req.books) {
      const library = await this.libraries.getFor(user, row.library_id)
      books = await this.withHiddenKept(user, row.id, await this.checkedBooks(user, library, req.books))
    }
    const fields: Partial<Pick<CollectionRow, 'name' | 'description'>> = {}
    if (req.name !== undefined) fields.name = req.name
    if (req.description !== undefined) fields.description = sanitizeDescription(req.description || null)
    await this.repo.update(row.id, fields, this.clock(), books)
    await this.emit('collection_updated', row.id)
    return this.get(user, row.id, true)
  }

  private async withHiddenKept(
    user: UserRecord,
    id: string,
    visibleOrder: readonly string[],
  ): Promise<string[]> {
    const current = (await this.repo.books([id])).get(id) ?? []
    const visible = new Set(await this.items.filterVisible(user, current))
    return mergeKeepingHidden(current, visibleOrder, (b) => visible.has(b))
  }

  /** Adds books at the end (ones already in it stay where they are). */
  async addBooks(user: UserRecord, id: string, bookIds: readonly string[]): Promise<Collection> {
    const row = await this.rowFor(user, id)
    const library = await this.libraries.getFor(user, row.library_id)
    const add = await this.checkedBooks(user, library, bookIds)
    const current = (await this.repo.books([id])).get(id) ?? []
    const next = [...new Set([...current, ...add])]
    if (next.length !== current.length) {
      await this.repo.update(row.id, {}, this.clock(), next)
      await this.emit('collection_updated', row.id)
    }
    return this.get(user, row.id, true)
  }

  async removeBooks(user: UserRecord, id: string, bookIds: readonly string[]): Promise<Collection> {
    const row = await this.rowFor(user, id)
    const drop = new Set(await this.items.filterVisible(user, bookIds))
    const current = (await this.repo.books([id])).get(id) ?? []
    const next = current.filter((b) => !drop.has(b))
    if (next.length !== current.length) {
      await this.repo.update(row.id, {}, this.clock(), next)
      await this.emit('collection_updated', row.id)
    }
    return this.get(user, row.id, true)
  }

  async remove(user: UserRecord, id: string): Promise<void> {
    const row = await this.rowFor(user, id)
    const audience = this.realtime.onlineUsersWhere((u) => canAccessLibrary(u, row.library_id))
    const payloads = await Promise.all(
      audience.map(async (u) => [u, (await this.toJson(u, [row], true, true))[0]] as const),
    )
    await this.repo.delete(row.id)
    for (const [u, json] of payloads) if (json) this.realtime.toUser(u.id, 'collection_removed', json)
  }

  /**
   * collection_* to everyone online who can open the library, each with the books they may see: expanded in
   * collection_added as Audiobookshelf sends it, minified in collection_updated (a 5,000-book collection's
   * expanded books would be megabytes per edit, per user).
   */
  private async emit(event: 'collection_added' | 'collection_updated', id: string) {
    const row = await this.repo.row(id)
    if (!row) return
    for (const u of this.realtime.onlineUsersWhere((x) => canAccessLibrary(x, row.library_id))) {
      const [json] = await this.toJson(u, [row], event === 'collection_updated', true)
      if (json) this.realtime.toUser(u.id, event, json)
    }
  }
}
