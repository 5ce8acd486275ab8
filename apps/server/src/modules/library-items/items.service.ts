import path from 'node:path'
import {
  LibraryFile,
  type FullLibraryItem,
  type MediaItemShare,
  type ItemResponse,
  type LibraryItem,
  type MinifiedLibraryItem,
  type PodcastEpisode,
} from '@shelfcast/contracts'
import { z } from 'zod'
import { regularFileInside } from '../../files/contained-path.ts'
import { notFound } from '../../http/errors.ts'
import type { UserRecord } from '../users/users.model.ts'
import { CoverImages, type CoverFormat, type ResizedCover } from './cover-images.ts'
import { toEpisodeJson, toExpandedItem, toFullItem, toMinifiedItem } from './item-json.ts'
import { type EpisodeRow, type ItemRow, type MinifiedItemRow } from '../../db/item-rows.ts'
import type { ItemsRepository } from './items.repository.ts'
import type { FeedLookup } from '../feeds/feed-lookup.ts'
import { toProgressJson } from './progress-json.ts'

/** A file the routes may stream: resolved, contained, regular. */
export interface ServableFile {
  path: string
  size: number
  mtimeMs: number
}

export interface CoverRequest {
  width?: number
  height?: number
  format: CoverFormat
  raw: boolean
}

export interface DownloadableItem {
  id: string
  title: string
  /** The item's folder (or file) name, the top folder of its entries in a zip. */
  folderName: string
  isFile: boolean
  files: { path: string; size: number; mtimeMs: number; name: string }[]
}

export type CoverAnswer = { kind: 'raw'; file: ServableFile } | { kind: 'resized'; file: ResizedCover }

const libraryFiles = z.array(LibraryFile)
function parseLibraryFiles(text: string): LibraryFile[] {
  try {
    const parsed = libraryFiles.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

const primaryEbook = z.object({ ino: z.string() })
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const ITEM_NOT_FOUND = 'Item not found'

/** The shares of these items (modules/shares), keyed by item id. */
export type ShareLookup = (itemIds: readonly string[]) => Promise<Map<string, MediaItemShare>>

/**
 * Items as JSON (minified or expanded, in the order asked), single-item reads with progress, batch get,
 * and the files of an item: cover, library files, ebooks. Every read by a user checks visibility.
 */
export class ItemsService {
  private readonly repo: ItemsRepository
  private readonly metadataPath: string
  private readonly covers: CoverImages
  private readonly feeds: FeedLookup
  private shareLookup: ShareLookup = () => Promise.resolve(new Map())
  constructor(deps: { repo: ItemsRepository; metadataPath: string; feeds: FeedLookup }) {
    this.repo = deps.repo
    this.metadataPath = deps.metadataPath
    this.feeds = deps.feeds
    this.covers = new CoverImages(path.join(deps.metadataPath, 'cache', 'covers'))
  }

  /** Deletes the resized covers (cache purge); they are rebuilt when asked for. */
  purgeCoverCache(): Promise<void> {
    return this.covers.clear()
  }

  /** Set by the shares module once built (it reads items itself, so it cannot be a constructor dependency). */
  setShareLookup(lookup: ShareLookup): void {
    this.shareLookup = lookup
  }

  /** Minified JSON of these items, in the given order (ids that no longer exist are dropped). */
  async minified(ids: readonly string[]): Promise<MinifiedLibraryItem[]> {
    if (ids.length === 0) return []
    const rows = await this.repo.minifiedRows(ids)
    return this.minifiedFromRows(ids, rows)
  }

  async minifiedFromRows(
    ids: readonly string[],
    rows: readonly MinifiedItemRow[],
  ): Promise<MinifiedLibraryItem[]> {
    const byId = new Map(rows.map((r) => [r.id, r]))
    const present = ids.filter((id) => byId.has(id))
    const podcastIds = rows.filter((r) => r.media_type === 'podcast').map((r) => r.id)
    // A list row carries the joined names its row stores, so no join table is read.
    const counts = podcastIds.length ? await this.repo.episodeCounts(podcastIds) : new Map<string, number>()
    return present.map((id) => toMinifiedItem(byId.get(id) as ItemRow, counts.get(id) ?? 0))
  }

  /** Full JSON (files and metadata lists, no tracks or counts), in the given order. */
  async full(ids: readonly string[]): Promise<FullLibraryItem[]> {
    if (ids.length === 0) return []
    return this.fullFromRows(ids, await this.repo.rows(ids))
  }

  async fullFromRows(ids: readonly string[], rows: readonly ItemRow[]): Promise<FullLibraryItem[]> {
    const byId = new Map(rows.map((r) => [r.id, r]))
    const present = ids.filter((id) => byId.has(id))
    const podcastIds = rows.filter((r) => r.media_type === 'podcast').map((r) => r.id)
    const [relations, episodes] = await Promise.all([
      this.repo.relations(present),
      podcastIds.length ? this.repo.episodes(podcastIds) : Promise.resolve(new Map<string, EpisodeRow[]>()),
    ])
    return present.map((id) =>
      toFullItem(
        byId.get(id) as ItemRow,
        relations.get(id) ?? { authors: [], series: [] },
        episodes.get(id) ?? [],
      ),
    )
  }

  /** Expanded JSON (files, tracks, chapters, episodes), in the given order. */
  async expanded(ids: readonly string[]): Promise<LibraryItem[]> {
    if (ids.length === 0) return []
    return this.expandedFromRows(ids, await this.repo.rows(ids))
  }

  async expandedFromRows(
    ids: readonly string[],
    rows: readonly ItemRow[],
    episodeForm: 'full' | 'minified' = 'full',
  ): Promise<LibraryItem[]> {
    const byId = new Map(rows.map((r) => [r.id, r]))
    const present = ids.filter((id) => byId.has(id))
    const podcastIds = rows.filter((r) => r.media_type === 'podcast').map((r) => r.id)
    const [relations, episodes] = await Promise.all([
      this.repo.relations(present),
      podcastIds.length ? this.repo.episodes(podcastIds) : Promise.resolve(new Map()),
    ])
    return present.map((id) =>
      toExpandedItem(
        byId.get(id) as ItemRow,
        relations.get(id) ?? { authors: [], series: [] },
        episodes.get(id) ?? [],
        episodeForm,
      ),
    )
  }

  /** Episodes by id as JSON (for shelves and search), keyed by episode id. */
  async episodesById(ids: readonly string[]): Promise<Map<string, PodcastEpisode>> {
    const rows = await this.repo.episodeRows(ids)
    const items = await this.repo.rows([...new Set(rows.map((r) => r.library_item_id))])
    const mediaIds = new Map(items.map((i) => [i.id, i.media_id]))
    return new Map(rows.map((r) => [r.id, toEpisodeJson(r, mediaIds.get(r.library_item_id) ?? '')]))
  }

  /** Ids the user may see (within one library when given), in the given order, without repeats. */
  async filterVisible(user: UserRecord, ids: readonly string[], libraryId?: string): Promise<string[]> {
    const visible = await this.repo.visibleIds(user, ids, libraryId)
    return [...new Set(ids)].filter((id) => visible.has(id))
  }

  private async visibleRowOr404(user: UserRecord, id: string): Promise<ItemRow> {
    const row = await this.repo.visibleRow(user, id)
    if (!row) throw notFound(ITEM_NOT_FOUND)
    return row
  }

  /** GET /api/items/:id: full unless expanded; with include=progress the caller's progress (null without). */
  async getForUser(
    user: UserRecord,
    id: string,
    opts: {
      expanded: boolean
      include: readonly string[]
      episodeId?: string
      episodeForm?: 'full' | 'minified'
    },
  ): Promise<ItemResponse> {
    const row = await this.visibleRowOr404(user, id)
    const [item] = opts.expanded
      ? await this.expandedFromRows([row.id], [row], opts.episodeForm)
      : await this.fullFromRows([row.id], [row])
    if (!item) throw notFound(ITEM_NOT_FOUND)
    const out: ItemResponse = { ...item }
    if (opts.include.includes('progress')) {
      const progress = await this.repo.progress(user.id, row.id, opts.episodeId ?? '')
      // Audiobookshelf answers null when the caller has none.
      out.userMediaProgress = progress ? toProgressJson(progress, row.media_id) : null
    }
    const [withIncludes] = await this.withListIncludes(user, [out], opts.include)
    return withIncludes ?? out
  }

  /**
   * The include= values of item lists, as Audiobookshelf adds them: `rssfeed` -> rssFeed (the item's open
   * feed, minified, or null), `share` -> mediaItemShare (the book's share or null), `numepisodesincomplete` -> a podcast's episodes the user has not
   * finished. `include` is already lower-cased.
   */
  async withListIncludes<T extends { id: string; mediaType: string }>(
    user: UserRecord,
    items: T[],
    include: readonly string[],
  ): Promise<T[]> {
    let out = items
    if (include.includes('rssfeed')) {
      const feedOf = await this.feeds.orNull(
        'item',
        out.map((r) => r.id),
      )
      out = out.map((r) => ({ ...r, rssFeed: feedOf(r.id) }))
    }
    if (include.includes('share')) {
      const shares = await this.shareLookup(out.map((r) => r.id))
      out = out.map((r) => ({ ...r, mediaItemShare: shares.get(r.id) ?? null }))
    }
    if (include.includes('numepisodesincomplete')) {
      const podcasts = out.filter((r) => r.mediaType === 'podcast').map((r) => r.id)
      const counts = await this.repo.incompleteEpisodeCounts(user.id, podcasts)
      out = out.map((r) =>
        r.mediaType === 'podcast' ? { ...r, numEpisodesIncomplete: counts.get(r.id) ?? 0 } : r,
      )
    }
    return out
  }

  /** POST /api/items/batch/get: the expanded items the user may see, in request order; others left out. */
  async batchGet(user: UserRecord, ids: readonly string[]): Promise<LibraryItem[]> {
    return this.expanded(await this.filterVisible(user, ids))
  }

  /**
   * The cover image of an item, for anyone holding the id (covers are public, as in Audiobookshelf).
   * Served only when the stored path resolves inside the item's folder or its metadata folder.
   */
  async cover(itemId: string, req: CoverRequest): Promise<CoverAnswer | null> {
    const [row] = await this.repo.rows([itemId])
    if (!row?.cover_path) return null
    const roots = [path.join(this.metadataPath, 'items', row.id)]
    if (row.is_file !== 1) roots.push(row.path)
    const source = await regularFileInside(row.cover_path, roots)
    if (!source) return null
    if (req.raw) return (await this.covers.isAllowedImage(source.path)) ? { kind: 'raw', file: source } : null
    const file = await this.covers.resized(source, row.id, {
      width: req.width,
      height: req.height,
      format: req.format,
    })
    return file ? { kind: 'resized', file } : null
  }

  /** A file of the item listed in its library files, by inode, resolved inside the item's path. */
  async libraryFile(user: UserRecord, itemId: string, ino: string): Promise<ServableFile> {
    const row = await this.visibleRowOr404(user, itemId)
    const entry = parseLibraryFiles(row.library_files).find((f) => f.ino === ino)
    const file = entry ? await regularFileInside(entry.metadata.path, [row.path]) : null
    if (!file) throw notFound('File not found')
    return file
  }

  /**
   * What a download of these items holds: each visible item's listed files that still are regular files
   * inside its path, named by their place in the item (single-file items by their file name).
   */
  async downloadable(
    user: UserRecord,
    ids: readonly string[],
    libraryId?: string,
  ): Promise<DownloadableItem[]> {
    return this.filesOf(await this.filterVisible(user, ids, libraryId))
  }

  /** `downloadable` without a user: for callers that checked access themselves (a public share). */
  async filesOf(ids: readonly string[]): Promise<DownloadableItem[]> {
    const rows = new Map((await this.repo.rows(ids)).map((r) => [r.id, r]))
    const out: DownloadableItem[] = []
    for (const id of ids) {
      const row = rows.get(id)
      if (!row) continue
      const files: DownloadableItem['files'] = []
      for (const entry of parseLibraryFiles(row.library_files)) {
        const file = await regularFileInside(entry.metadata.path, [
          row.is_file ? path.dirname(row.path) : row.path,
        ])
        if (!file) continue
        const inItem = row.is_file
          ? path.basename(file.path)
          : path.relative(row.path, file.path).split(path.sep).join('/')
        files.push({ path: file.path, size: file.size, mtimeMs: file.mtimeMs, name: inItem })
      }
      out.push({
        id,
        title: row.title || path.basename(row.path),
        folderName: path.basename(row.path),
        isFile: row.is_file === 1,
        files,
      })
    }
    return out
  }

  /** The primary ebook, or a supplementary one by inode. */
  async ebookFile(user: UserRecord, itemId: string, fileId?: string): Promise<ServableFile> {
    const row = await this.visibleRowOr404(user, itemId)
    const ebooks = parseLibraryFiles(row.library_files).filter((f) => f.fileType === 'ebook')
    let entry: LibraryFile | undefined
    if (fileId) entry = ebooks.find((f) => f.ino === fileId)
    else if (row.ebook_file) {
      const primaryIno = primaryEbook.safeParse(safeJson(row.ebook_file)).data?.ino
      entry = ebooks.find((f) => f.ino === primaryIno) ?? ebooks.find((f) => f.isSupplementary === false)
    }
    const file = entry ? await regularFileInside(entry.metadata.path, [row.path]) : null
    if (!file) throw notFound('Ebook not found')
    return file
  }
}
