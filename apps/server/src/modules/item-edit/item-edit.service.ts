import fs from 'node:fs/promises'
import { Chapter, type LibraryItem, type UpdateBookMediaRequest, type UpdateChaptersRequest, type UpdateMediaResponse } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import { isInsideOrEqual } from '../../files/contained-path.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { BookMeta } from '../../scanner/book-meta.ts'
import { bookMetaColumns } from '../../scanner/book-meta-columns.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import { toAbsBookJson } from '../../scanner/metadata-files.ts'
import type { SavedItem, ScanRepository } from '../../scanner/scan.repository.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { jsonColumn, stringArrayColumn } from '../library-items/item-json.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { validateChapters } from './chapter-rules.ts'
import { writeItemMetadataJson } from './metadata-writer.ts'

const ITEM_NOT_FOUND = 'Item not found'

/** The metadata of a saved book, as the edit form and metadata.json see it. */
function bookMetaOf(item: SavedItem): Omit<BookMeta, 'chapters'> {
  const r = item.row
  return {
    title: r.title,
    subtitle: r.subtitle,
    authors: item.relations.authors.map((a) => a.name),
    narrators: stringArrayColumn(r.narrators),
    series: item.relations.series.map((s) => ({ name: s.name, sequence: s.sequence })),
    genres: stringArrayColumn(r.genres),
    tags: stringArrayColumn(r.tags),
    publishedYear: r.published_year,
    publishedDate: r.published_date,
    publisher: r.publisher,
    description: r.description,
    isbn: r.isbn,
    asin: r.asin,
    language: r.language,
    explicit: r.explicit === 1,
    abridged: r.abridged === 1,
  }
}

const chaptersOf = (item: SavedItem): Chapter[] => jsonColumn(item.row.chapters, z.array(Chapter), [])

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null)

/**
 * Edits of items through the API: metadata, tags and chapters are saved to the database the way a scan
 * saves them (one writer of rows, authors, series, facets and the search row), and to the item's
 * metadata.json, which a rescan reads last by default, so edits survive rescans.
 */
export class ItemEditService {
  private readonly deps: {
    scanRepo: ScanRepository
    items: ItemsService
    libraries: LibrariesService
    settings: SettingsService
    realtime: Realtime
    metadataPath: string
    clock: Clock
    log: Logger
  }
  private readonly events: ItemEvents
  constructor(deps: ItemEditService['deps']) {
    this.deps = deps
    this.events = new ItemEvents(deps.realtime)
  }

  private async editable(user: UserRecord, id: string): Promise<SavedItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.scanRepo.loadItems([visible]) : []
    if (!item) throw notFound(ITEM_NOT_FOUND)
    return item
  }

  private async expanded(id: string): Promise<LibraryItem> {
    const [json] = await this.deps.items.expanded([id])
    if (!json) throw notFound(ITEM_NOT_FOUND)
    return json
  }

  /** PATCH /api/items/:id/media for a book: the fields given replace the current ones. */
  async updateMedia(user: UserRecord, id: string, req: UpdateBookMediaRequest): Promise<UpdateMediaResponse> {
    const item = await this.editable(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only book metadata can be edited here')
    const before = bookMetaOf(item)
    const m = req.metadata ?? {}
    const next: Omit<BookMeta, 'chapters'> = {
      ...before,
      ...(m.title !== undefined && { title: m.title }),
      ...(m.subtitle !== undefined && { subtitle: blankToNull(m.subtitle) ?? null }),
      ...(m.authors && { authors: m.authors.map((a) => a.name) }),
      ...(m.narrators && { narrators: m.narrators }),
      ...(m.series && { series: m.series.map((s) => ({ name: s.name, sequence: blankToNull(s.sequence) ?? null })) }),
      ...(m.genres && { genres: m.genres }),
      ...(req.tags && { tags: req.tags }),
      ...(m.publishedYear !== undefined && { publishedYear: blankToNull(m.publishedYear) ?? null }),
      ...(m.publishedDate !== undefined && { publishedDate: blankToNull(m.publishedDate) ?? null }),
      ...(m.publisher !== undefined && { publisher: blankToNull(m.publisher) ?? null }),
      ...(m.description !== undefined && { description: blankToNull(m.description) ?? null }),
      ...(m.isbn !== undefined && { isbn: blankToNull(m.isbn) ?? null }),
      ...(m.asin !== undefined && { asin: blankToNull(m.asin) ?? null }),
      ...(m.language !== undefined && { language: blankToNull(m.language) ?? null }),
      ...(m.explicit !== undefined && { explicit: m.explicit }),
      ...(m.abridged !== undefined && { abridged: m.abridged }),
    }
    const updated = JSON.stringify(next) !== JSON.stringify(before)
    if (updated) await this.save(item, next, chaptersOf(item))
    return { updated, libraryItem: await this.expanded(item.row.id) }
  }

  /** POST /api/items/:id/chapters: the §5 rules, ends recomputed, saved like any edit. */
  async updateChapters(user: UserRecord, id: string, req: UpdateChaptersRequest): Promise<{ success: boolean; updated: boolean }> {
    const item = await this.editable(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only books have chapters')
    const chapters = validateChapters(req.chapters, item.row.duration)
    const updated = JSON.stringify(chapters) !== JSON.stringify(chaptersOf(item))
    if (updated) await this.save(item, bookMetaOf(item), chapters)
    return { success: true, updated }
  }

  /**
   * Saves books again from what the database says of them now (after an author was renamed, merged or
   * removed), so their name columns, search rows and metadata.json follow.
   */
  async resaveBooks(itemIds: readonly string[]): Promise<void> {
    for (const item of await this.deps.scanRepo.loadItems(itemIds)) {
      if (item.row.media_type === 'book') await this.save(item, bookMetaOf(item), chaptersOf(item))
    }
  }

  private async save(item: SavedItem, meta: Omit<BookMeta, 'chapters'>, chapters: Chapter[]) {
    const { scanRepo, settings } = this.deps
    const server = await settings.getServerSettings()
    const now = this.deps.clock()
    const row = {
      ...item.row,
      ...bookMetaColumns(meta, server.sortingPrefixes),
      chapters: JSON.stringify(chapters),
      num_chapters: chapters.length,
      updated_at: now,
    }
    const [saved] = await scanRepo.saveBatch(
      item.row.library_id,
      [{ row, authors: meta.authors, series: meta.series, genres: meta.genres, tags: meta.tags, narrators: meta.narrators, episodes: null }],
      server.sortingPrefixes,
      now,
    )
    const { seriesIds } = await scanRepo.pruneOrphans(item.row.library_id)
    await writeItemMetadataJson({
      item: { id: item.row.id, path: item.row.path, isFile: item.row.is_file === 1 },
      metadataPath: this.deps.metadataPath,
      storeWithItem: server.storeMetadataWithItem,
      json: toAbsBookJson(meta, chapters),
      log: this.deps.log,
    })
    if (saved) this.events.updatedOne(saved)
    this.events.seriesRemoved(item.row.library_id, seriesIds)
  }

  /**
   * DELETE /api/items/:id and batch delete: the items leave the database; with `hard` their files too,
   * only when the item's path lies inside one of its library's folders (never a folder root itself).
   */
  async remove(user: UserRecord, ids: readonly string[], hard: boolean): Promise<void> {
    const visible = await this.deps.items.filterVisible(user, ids)
    if (visible.length === 0) throw notFound(ITEM_NOT_FOUND)
    const items = await this.deps.scanRepo.loadItems(visible)
    if (hard) {
      const libraries = await this.deps.libraries.all()
      for (const item of items) {
        const roots = libraries.find((l) => l.id === item.row.library_id)?.folders.map((f) => f.fullPath) ?? []
        const inside = roots.some((root) => isInsideOrEqual(item.row.path, root) && item.row.path !== root)
        if (!inside) throw badRequest('Item files are outside the library folders')
      }
    }
    await this.deps.scanRepo.deleteItems(items.map((i) => i.row.id))
    for (const item of items) {
      if (hard) {
        await fs.rm(item.row.path, { recursive: true, force: true }).catch((err: unknown) => {
          this.deps.log.warn({ err, path: item.row.path }, 'item files could not be deleted')
        })
      }
      this.events.removed(item)
    }
    for (const libraryId of new Set(items.map((i) => i.row.library_id))) {
      const { seriesIds } = await this.deps.scanRepo.pruneOrphans(libraryId)
      this.events.seriesRemoved(libraryId, seriesIds)
    }
  }
}
