import crypto from 'node:crypto'
import path from 'node:path'
import { defaultLibrarySettings, type CreateLibraryRequest, type Library, type LibraryWithFilterData } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { canAccessLibrary, type UserRecord } from '../users/users.model.ts'
import type { LibrariesRepository } from './libraries.repository.ts'
import { checkLibraryRoot } from './library-roots.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../../../..')

export class LibrariesService {
  private readonly repo: LibrariesRepository
  private readonly config: Config
  private readonly clock: Clock
  private readonly realtime: Realtime
  constructor(deps: { repo: LibrariesRepository; config: Config; clock: Clock; realtime: Realtime }) {
    this.repo = deps.repo
    this.config = deps.config
    this.clock = deps.clock
    this.realtime = deps.realtime
  }

  private readonly createdListeners: Array<(library: Library) => void> = []

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

  /** The library with its filter data. Items arrive with the scanner; until then the counts are truly zero. */
  async getWithFilterData(user: UserRecord, id: string): Promise<LibraryWithFilterData> {
    const library = await this.getFor(user, id)
    return {
      library,
      filterdata: {
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
        loadedAt: this.clock(),
      },
      issues: 0,
      numUserPlaylists: 0,
    }
  }

  async create(req: CreateLibraryRequest): Promise<Library> {
    const existing = await this.repo.list()
    const otherRoots = existing.flatMap((l) => l.folders.map((f) => f.fullPath))
    const forbiddenRoots = [
      { path: this.config.configPath, label: 'config' },
      { path: this.config.metadataPath, label: 'metadata' },
      // The installed code; the repository root itself may hold ./data with a library in it.
      ...['apps', 'packages', 'node_modules'].map((d) => ({ path: path.join(repoRoot, d), label: 'install' })),
    ]
    const now = this.clock()
    const id = crypto.randomUUID()
    const folders: Library['folders'] = []
    for (const f of req.folders) {
      const check = await checkLibraryRoot(f.fullPath, forbiddenRoots, [...otherRoots, ...folders.map((x) => x.fullPath)])
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
      settings: { ...defaultLibrarySettings(req.mediaType), ...req.settings },
      lastScan: null,
      createdAt: now,
      lastUpdate: now,
    }
    await this.repo.insert(library)
    this.realtime.toUsersWhere((u) => canAccessLibrary(u, id), 'library_added', library)
    for (const listener of this.createdListeners) {
      try {
        listener(library)
      } catch {
        // Follow-up work (the first scan) reports its own failures; it never undoes the creation.
      }
    }
    return library
  }
}
