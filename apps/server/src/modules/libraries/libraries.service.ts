import crypto from 'node:crypto'
import {
  canAccessLibrary,
  messages,
  defaultLibrarySettings,
  metadataSources,
  type CreateLibraryRequest,
  type FilterData,
  type Library,
  type LibrarySettings,
  type LibraryWithFilterData,
  type ReorderLibrariesRequest,
  type UpdateLibraryRequest,
} from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { type UserRecord } from '../users/users.model.ts'
import { libraryJson } from './library-json.ts'
import type { LibrariesRepository } from './libraries.repository.ts'
import { checkLibraryRoot, libraryRootPolicy } from './library-roots.ts'

/** Filter data of a library as one user sees it (the browse module provides it). */
export interface FilterDataProvider {
  forLibrary(user: UserRecord, library: Library): Promise<FilterData>
  /** The same, with its JSON text ready to send. */
  withJson(user: UserRecord, library: Library): Promise<{ data: FilterData; json: string }>
}

export class LibrariesService {
  private readonly repo: LibrariesRepository
  private readonly config: Config
  private readonly clock: Clock
  private readonly realtime: Realtime
  private readonly filterData: FilterDataProvider | null
  private readonly defaultPrecedence: () => Promise<LibrarySettings['metadataPrecedence']>
  constructor(deps: {
    repo: LibrariesRepository
    config: Config
    clock: Clock
    realtime: Realtime
    filterData?: FilterDataProvider
    /** The server's default metadata precedence (Settings > Scanner) a new library takes unless it gives one. */
    defaultPrecedence?: () => Promise<LibrarySettings['metadataPrecedence']>
  }) {
    this.repo = deps.repo
    this.config = deps.config
    this.clock = deps.clock
    this.realtime = deps.realtime
    this.filterData = deps.filterData ?? null
    this.defaultPrecedence = deps.defaultPrecedence ?? (async () => [...metadataSources])
  }

  private readonly createdListeners: Array<(library: Library) => void> = []
  private backupFolder: (() => string) | null = null

  /** The backups module names its folder (it can move): library roots may not overlap it either. */
  forbidBackupFolder(current: () => string) {
    this.backupFolder = current
  }

  private rootPolicy() {
    const policy = libraryRootPolicy(this.config)
    if (this.backupFolder) policy.forbidden.push({ path: this.backupFolder(), label: 'backup' })
    return policy
  }

  /** Every library (for background work such as scans and watchers), in display order. */
  all(): Promise<Library[]> {
    return this.repo.list()
  }

  /** Runs after a library is created (the scanner starts its first scan, as Audiobookshelf does). */
  onCreated(listener: (library: Library) => void) {
    this.createdListeners.push(listener)
  }

  /** Libraries the user may see, in display order. */
  async listFor(user: UserRecord): Promise<Library[]> {
    return (await this.repo.list()).filter((l) => canAccessLibrary(user, l.id))
  }

  /** A library the user may see; an inaccessible one answers 404 like a missing one. */
  async getFor(user: UserRecord, id: string): Promise<Library> {
    const lib = (await this.repo.list()).find((l) => l.id === id)
    if (!lib || !canAccessLibrary(user, lib.id)) throw notFound('Library not found')
    return lib
  }

  /** The library with its filter data, as this user may see it. */
  async getWithFilterData(
    user: UserRecord,
    id: string,
    numUserPlaylists = 0,
  ): Promise<LibraryWithFilterData> {
    const library = await this.getFor(user, id)
    const filterdata = this.filterData
      ? await this.filterData.forLibrary(user, library)
      : emptyFilterData(this.clock())
    return { library: libraryJson(library), filterdata, issues: filterdata.numIssues, numUserPlaylists }
  }

  /** GET /api/libraries/:id?include=filterdata as JSON text, the (large) filter data serialised once per change. */
  async getWithFilterDataJson(user: UserRecord, id: string, numUserPlaylists = 0): Promise<string> {
    const library = await this.getFor(user, id)
    if (!this.filterData) return JSON.stringify(await this.getWithFilterData(user, id, numUserPlaylists))
    const { data, json } = await this.filterData.withJson(user, library)
    return `{"library":${JSON.stringify(libraryJson(library))},"filterdata":${json},"issues":${data.numIssues},"numUserPlaylists":${numUserPlaylists}}`
  }

  /** Folders a library root may never overlap: the server's data and the installed code. */
  async create(req: CreateLibraryRequest): Promise<Library> {
    const existing = await this.repo.list()
    const otherRoots = existing.flatMap((l) => l.folders.map((f) => f.fullPath))
    const policy = this.rootPolicy()
    const now = this.clock()
    const id = crypto.randomUUID()
    const folders: Library['folders'] = []
    for (const f of req.folders) {
      const check = await checkLibraryRoot(f.fullPath, policy, [
        ...otherRoots,
        ...folders.map((x) => x.fullPath),
      ])
      if (!check.ok) throw badRequest(check.message)
      folders.push({ id: crypto.randomUUID(), fullPath: check.realPath, libraryId: id, addedAt: now })
    }
    const library: Library = {
      id,
      name: req.name,
      folders,
      displayOrder: existing.reduce((m, l) => Math.max(m, l.displayOrder), 0) + 1,
      icon: req.icon,
      mediaType: req.mediaType,
      provider: req.provider,
      settings: {
        ...defaultLibrarySettings(req.mediaType),
        metadataPrecedence: await this.defaultPrecedence(),
        ...req.settings,
      },
      lastScan: null,
      lastScanVersion: null,
      createdAt: now,
      lastUpdate: now,
    }
    await this.repo.insert(library)
    this.emitToAllowed('library_added', library)
    for (const listener of this.createdListeners) {
      try {
        listener(library)
      } catch {
        // Follow-up work (the first scan) reports its own failures; it never undoes the creation.
      }
    }
    return library
  }

  private readonly updatedListeners: Array<
    (library: Library, change: { foldersAdded: string[]; foldersRemoved: string[] }) => void
  > = []
  private readonly removingListeners: Array<(library: Library) => Promise<void> | void> = []

  /** Runs after a library is updated (watchers follow folder changes; new folders may be scanned). */
  onUpdated(
    listener: (library: Library, change: { foldersAdded: string[]; foldersRemoved: string[] }) => void,
  ) {
    this.updatedListeners.push(listener)
  }

  /** Runs (and is awaited) before a library is deleted: scans and watchers of it stop first. */
  beforeRemove(listener: (library: Library) => Promise<void> | void) {
    this.removingListeners.push(listener)
  }

  private async findOr404(id: string): Promise<{ library: Library; all: Library[] }> {
    const all = await this.repo.list()
    const library = all.find((l) => l.id === id)
    if (!library) throw notFound('Library not found')
    return { library, all }
  }

  private emitToAllowed(event: 'library_added' | 'library_updated' | 'library_removed', library: Library) {
    this.realtime.toUsersWhere((u) => canAccessLibrary(u, library.id), event, libraryJson(library))
  }

  /**
   * PATCH /api/libraries/:id. `folders` is the complete new list: kept by id or path, new paths checked
   * like on creation (against the server's folders and every other root), missing ones removed with their items.
   */
  async update(id: string, req: UpdateLibraryRequest): Promise<Library> {
    const { library, all } = await this.findOr404(id)
    const now = this.clock()
    const next: Library = {
      ...library,
      name: req.name ?? library.name,
      icon: req.icon ?? library.icon,
      provider: req.provider ?? library.provider,
      displayOrder: req.displayOrder ?? library.displayOrder,
      settings: { ...library.settings, ...req.settings },
      lastUpdate: now,
    }
    const added: Library['folders'] = []
    let removedIds: string[] = []
    if (req.folders) {
      const kept: Library['folders'] = []
      const newPaths: string[] = []
      for (const f of req.folders) {
        const existing = library.folders.find((x) => (f.id && x.id === f.id) || x.fullPath === f.fullPath)
        if (existing && !kept.includes(existing)) kept.push(existing)
        else if (!existing) newPaths.push(f.fullPath)
      }
      const otherRoots = all.filter((l) => l.id !== id).flatMap((l) => l.folders.map((f) => f.fullPath))
      for (const p of newPaths) {
        const check = await checkLibraryRoot(p, this.rootPolicy(), [
          ...otherRoots,
          ...kept.map((f) => f.fullPath),
          ...added.map((f) => f.fullPath),
        ])
        if (!check.ok) throw badRequest(check.message)
        added.push({ id: crypto.randomUUID(), fullPath: check.realPath, libraryId: id, addedAt: now })
      }
      removedIds = library.folders.filter((f) => !kept.includes(f)).map((f) => f.id)
      next.folders = [...kept, ...added]
      if (next.folders.length === 0) throw badRequest(messages.pathRequired)
    }
    await this.repo.update(next, { added, removedIds })
    const saved = (await this.repo.list()).find((l) => l.id === id) ?? next
    this.emitToAllowed('library_updated', saved)
    const change = {
      foldersAdded: added.map((f) => f.fullPath),
      foldersRemoved: library.folders.filter((f) => removedIds.includes(f.id)).map((f) => f.fullPath),
    }
    for (const listener of this.updatedListeners) {
      try {
        listener(saved, change)
      } catch {
        // Follow-up work reports its own failures; it never undoes the update.
      }
    }
    return saved
  }

  /** DELETE /api/libraries/:id: the library and everything in it. Answers the removed library. */
  async remove(id: string): Promise<Library> {
    const { library } = await this.findOr404(id)
    for (const listener of this.removingListeners) await listener(library)
    await this.repo.delete(id)
    this.emitToAllowed('library_removed', library)
    return library
  }

  /** Records the end of a full scan (Library.lastScan); a library removed meanwhile is left alone. */
  async markScanned(id: string, at: number): Promise<void> {
    await this.repo.setLastScan(id, at, this.config.version)
  }

  /** POST /api/libraries/order: new display orders; unknown ids are refused. Answers every library in order. */
  async reorder(req: ReorderLibrariesRequest): Promise<Library[]> {
    const all = await this.repo.list()
    const known = new Set(all.map((l) => l.id))
    const unknown = req.find((o) => !known.has(o.id))
    if (unknown) throw badRequest(`Unknown library: ${unknown.id}`)
    const changed = req.filter((o) => all.find((l) => l.id === o.id)?.displayOrder !== o.newOrder)
    await this.repo.setDisplayOrder(
      changed.map((o) => ({ id: o.id, displayOrder: o.newOrder })),
      this.clock(),
    )
    const libraries = await this.repo.list()
    for (const o of changed) {
      const lib = libraries.find((l) => l.id === o.id)
      if (lib) this.emitToAllowed('library_updated', lib)
    }
    return libraries
  }
}

export function emptyFilterData(now: number): FilterData {
  return {
    authors: [],
    series: [],
    genres: [],
    tags: [],
    narrators: [],
    publishers: [],
    publishedDecades: [],
    languages: [],
    bookCount: 0,
    authorCount: 0,
    seriesCount: 0,
    podcastCount: 0,
    numIssues: 0,
    loadedAt: now,
  }
}
