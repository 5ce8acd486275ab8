import { canAccessLibrary } from '@shelfcast/contracts'
import crypto from 'node:crypto'
import type {
  CreatePlaylistRequest,
  Library,
  LibraryItem,
  MinifiedLibraryItem,
  Playlist,
  PlaylistEntryRef,
  PlaylistsListResponse,
  UpdatePlaylistRequest,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { CollectionsService } from '../collections/collections.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { mergeKeepingHidden } from '../named-lists/ordered-entries.ts'
import { type UserRecord } from '../users/users.model.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import {
  entryKey,
  type PlaylistEntry,
  type PlaylistRow,
  type PlaylistsRepository,
} from './playlists.repository.ts'

const NOT_FOUND = 'Playlist not found'

const toEntry = (ref: PlaylistEntryRef): PlaylistEntry => ({
  itemId: ref.libraryItemId,
  episodeId: ref.episodeId ?? '',
})
const uniqueEntries = (entries: readonly PlaylistEntry[]) => [
  ...new Map(entries.map((e) => [entryKey(e), e])).values(),
]

/**
 * Playlists: one user's ordered lists of books and podcast episodes in a library. Only the owner sees or
 * changes them (anyone else gets 404); entries the owner may no longer see are hidden, never dropped by an
 * edit; a playlist emptied by removing entries is deleted.
 */
export class PlaylistsService {
  private readonly repo: PlaylistsRepository
  private readonly items: ItemsService
  private readonly libraries: LibrariesService
  private readonly collections: CollectionsService
  private readonly realtime: Realtime
  private readonly clock: Clock
  constructor(deps: {
    repo: PlaylistsRepository
    items: ItemsService
    libraries: LibrariesService
    collections: CollectionsService
    realtime: Realtime
    clock: Clock
  }) {
    this.repo = deps.repo
    this.items = deps.items
    this.libraries = deps.libraries
    this.collections = deps.collections
    this.realtime = deps.realtime
    this.clock = deps.clock
  }

  /** Entries the user may see whose episode (if any) still exists. */
  private async visibleEntries(
    user: UserRecord,
    entries: readonly PlaylistEntry[],
  ): Promise<PlaylistEntry[]> {
    const visible = new Set(
      await this.items.filterVisible(
        user,
        entries.map((e) => e.itemId),
      ),
    )
    const owners = await this.repo.episodeOwners([
      ...new Set(entries.filter((e) => e.episodeId).map((e) => e.episodeId)),
    ])
    return entries.filter(
      (e) => visible.has(e.itemId) && (e.episodeId === '' || owners.get(e.episodeId) === e.itemId),
    )
  }

  private async toJson(
    user: UserRecord,
    rows: readonly PlaylistRow[],
    minified: boolean,
    limit?: number,
  ): Promise<Playlist[]> {
    const all = await this.repo.entries(rows.map((r) => r.id))
    const shown = new Map<string, PlaylistEntry[]>()
    const counts = new Map<string, number>()
    for (const r of rows) {
      const visible = await this.visibleEntries(user, all.get(r.id) ?? [])
      counts.set(r.id, visible.length)
      shown.set(r.id, visible.slice(0, limit))
    }
    const entries = [...shown.values()].flat()
    const itemIds = [...new Set(entries.map((e) => e.itemId))]
    const json: (MinifiedLibraryItem | LibraryItem)[] = minified
      ? await this.items.minified(itemIds)
      : await this.items.expanded(itemIds)
    const byId = new Map(json.map((i) => [i.id, i]))
    const episodes = await this.items.episodesById([
      ...new Set(entries.filter((e) => e.episodeId).map((e) => e.episodeId)),
    ])
    return rows.map((r) => ({
      id: r.id,
      libraryId: r.library_id,
      userId: r.user_id,
      name: r.name,
      description: r.description,
      coverPath: null,
      ...(limit !== undefined && { numItems: counts.get(r.id) ?? 0 }),
      items: (shown.get(r.id) ?? []).map((e) => ({
        libraryItemId: e.itemId,
        episodeId: e.episodeId || null,
        libraryItem: byId.get(e.itemId),
        ...(e.episodeId ? { episode: episodes.get(e.episodeId) } : {}),
      })),
      lastUpdate: r.updated_at,
      createdAt: r.created_at,
    }))
  }

  /** GET /api/libraries/:id/playlists (the user's, in that library) and GET /api/playlists (all of them). */
  async list(
    user: UserRecord,
    library: Library | null,
    opts: { limit?: number; page?: number; minified?: boolean },
  ): Promise<PlaylistsListResponse> {
    const limit = opts.limit ? opts.limit : null
    const page = opts.page ?? 0
    const { rows, total } = await this.repo.page(
      user.id,
      library?.id ?? null,
      limit,
      limit === null ? 0 : page * limit,
    )
    const allowed = rows.filter((r) => canAccessLibrary(user, r.library_id))
    return {
      results: await this.toJson(user, allowed, opts.minified ?? false),
      total,
      limit: limit ?? 0,
      page,
    }
  }

  /** How many playlists the user has in the library (filter data's numUserPlaylists). */
  async countIn(user: UserRecord, libraryId: string): Promise<number> {
    return this.repo.count(user.id, libraryId)
  }

  private async rowFor(user: UserRecord, id: string): Promise<PlaylistRow> {
    const row = await this.repo.row(id)
    if (!row || row.user_id !== user.id || !canAccessLibrary(user, row.library_id)) throw notFound(NOT_FOUND)
    return row
  }

  async get(user: UserRecord, id: string, minified: boolean, limit?: number): Promise<Playlist> {
    const [json] = await this.toJson(user, [await this.rowFor(user, id)], minified, limit)
    if (!json) throw notFound(NOT_FOUND)
    return json
  }

  /** Entries of visible items of the library: an episode of the podcast named, or a book with no episode. */
  private async checkedEntries(
    user: UserRecord,
    libraryId: string,
    refs: readonly PlaylistEntryRef[],
  ): Promise<PlaylistEntry[]> {
    const entries = uniqueEntries(refs.map(toEntry))
    const visible = new Set(
      await this.items.filterVisible(
        user,
        entries.map((e) => e.itemId),
        libraryId,
      ),
    )
    const owners = await this.repo.episodeOwners(entries.filter((e) => e.episodeId).map((e) => e.episodeId))
    const kinds = new Map((await this.items.minified([...visible])).map((i) => [i.id, i.mediaType]))
    for (const e of entries) {
      if (!visible.has(e.itemId)) throw badRequest('Some items are not in this library')
      const podcast = kinds.get(e.itemId) === 'podcast'
      if (podcast && owners.get(e.episodeId) !== e.itemId)
        throw badRequest('Podcast entries need an episode of that podcast')
      if (!podcast && e.episodeId) throw badRequest('Books have no episodes')
    }
    return entries
  }

  async create(user: UserRecord, req: CreatePlaylistRequest): Promise<Playlist> {
    const library = await this.libraries.getFor(user, req.libraryId).catch(() => {
      throw badRequest('Library not found')
    })
    const entries = await this.checkedEntries(user, library.id, req.items ?? [])
    const now = this.clock()
    const row: PlaylistRow = {
      id: crypto.randomUUID(),
      library_id: library.id,
      user_id: user.id,
      name: req.name,
      description: sanitizeDescription(req.description || null),
      created_at: now,
      updated_at: now,
    }
    await this.repo.insert(row, entries)
    return this.emitted(user, 'playlist_added', row.id)
  }

  /** POST /api/playlists/collection/:id: a playlist of the collection's books the user may see. */
  async createFromCollection(user: UserRecord, collectionId: string): Promise<Playlist> {
    const collection = await this.collections.get(user, collectionId, true)
    if (collection.books.length === 0) throw badRequest('Collection has no books')
    return this.create(user, {
      libraryId: collection.libraryId,
      name: collection.name,
      description: collection.description,
      items: collection.books.map((b) => ({ libraryItemId: b.id })),
    })
  }

  async update(user: UserRecord, id: string, req: UpdatePlaylistRequest): Promise<Playlist> {
    const row = await this.rowFor(user, id)
    let entries: PlaylistEntry[] | undefined
    if (req.items)
      entries = await this.withHiddenKept(
        user,
        row.id,
        await this.checkedEntries(user, row.library_id, req.items),
      )
    const fields: Partial<Pick<PlaylistRow, 'name' | 'description'>> = {}
    if (req.name !== undefined) fields.name = req.name
    if (req.description !== undefined) fields.description = sanitizeDescription(req.description || null)
    await this.repo.update(row.id, fields, this.clock(), entries)
    return this.emitted(user, 'playlist_updated', row.id)
  }

  private async current(id: string): Promise<PlaylistEntry[]> {
    return (await this.repo.entries([id])).get(id) ?? []
  }

  private async withHiddenKept(
    user: UserRecord,
    id: string,
    visibleOrder: readonly PlaylistEntry[],
  ): Promise<PlaylistEntry[]> {
    const current = await this.current(id)
    const shown = new Set((await this.visibleEntries(user, current)).map(entryKey))
    return uniqueEntries(mergeKeepingHidden(current, visibleOrder, (e) => shown.has(entryKey(e))))
  }

  async addEntries(user: UserRecord, id: string, refs: readonly PlaylistEntryRef[]): Promise<Playlist> {
    const row = await this.rowFor(user, id)
    const add = await this.checkedEntries(user, row.library_id, refs)
    const current = await this.current(id)
    const next = uniqueEntries([...current, ...add])
    if (next.length === current.length) return this.get(user, id, true)
    await this.repo.update(row.id, {}, this.clock(), next)
    return this.emitted(user, 'playlist_updated', row.id)
  }

  /**
   * Removes entries the user may still see; entries of items hidden from them now (tags, explicit,
   * library access) are as unknown as missing ones and stay. The playlist is deleted when none is
   * left (answers null then).
   */
  async removeEntries(
    user: UserRecord,
    id: string,
    refs: readonly PlaylistEntryRef[],
  ): Promise<Playlist | null> {
    const row = await this.rowFor(user, id)
    const asked = new Set(refs.map((r) => entryKey(toEntry(r))))
    const current = await this.current(id)
    const drop = new Set((await this.visibleEntries(user, current)).map(entryKey).filter((k) => asked.has(k)))
    const next = current.filter((e) => !drop.has(entryKey(e)))
    if (next.length === current.length) return this.get(user, id, true)
    if (next.length === 0) {
      await this.remove(user, id)
      return null
    }
    await this.repo.update(row.id, {}, this.clock(), next)
    return this.emitted(user, 'playlist_updated', row.id)
  }

  async remove(user: UserRecord, id: string): Promise<void> {
    const json = await this.get(user, id, true)
    await this.repo.delete(id)
    this.realtime.toUser(user.id, 'playlist_removed', json)
  }

  /**
   * Sends playlist_* to the owner and answers the playlist: a new one with expanded items, as Audiobookshelf
   * answers it; an edited one minified (a 5,000-entry playlist's expanded items would be megabytes per edit).
   */
  private async emitted(
    user: UserRecord,
    event: 'playlist_added' | 'playlist_updated',
    id: string,
  ): Promise<Playlist> {
    const json = await this.get(user, id, event === 'playlist_updated')
    this.realtime.toUser(user.id, event, json)
    return json
  }
}
