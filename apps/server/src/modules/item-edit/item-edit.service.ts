import fs from 'node:fs/promises'
import {
  Chapter,
  type LibraryItem,
  type UpdateBookMediaRequest,
  type UpdateChaptersRequest,
  type UpdateMediaResponse,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import { isInsideOrEqual } from '../../files/contained-path.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { BookMeta } from '../../scanner/book-meta.ts'
import { bookMetaColumns } from '../../scanner/book-meta-columns.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import { createLimiter } from '../../scanner/limiter.ts'
import { toAbsBookJson } from '../../scanner/metadata-files.ts'
import { noAuthorChanges, type SavedItem, type ScanRepository } from '../../scanner/scan.repository.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { jsonColumn, stringArrayColumn, type ItemRow } from '../../db/item-rows.ts'
import { podcastMetadataJson } from '../podcasts/podcasts.service.ts'
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

/** A saved book's metadata.json as an edit writes it (tag, genre and narrator changes write the same). */
export const bookMetadataJson = (item: SavedItem) => toAbsBookJson(bookMetaOf(item), chaptersOf(item))

/** A saved item's metadata.json (book or podcast): GET metadata-object and bulk tag/genre/narrator changes. */
export const itemMetadataJson = (item: SavedItem): Record<string, unknown> =>
  item.row.media_type === 'podcast' ? podcastMetadataJson(item.row) : bookMetadataJson(item)

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v?.trim() ? v.trim() : null

/** A book's metadata with an edit applied: the fields given replace the current ones. */
function applyEdit(
  before: Omit<BookMeta, 'chapters'>,
  req: UpdateBookMediaRequest,
): Omit<BookMeta, 'chapters'> {
  const m = req.metadata ?? {}
  return {
    ...before,
    ...(m.title !== undefined && { title: m.title }),
    ...(m.subtitle !== undefined && { subtitle: blankToNull(m.subtitle) ?? null }),
    ...(m.authors && { authors: m.authors.map((a) => a.name) }),
    ...(m.narrators && { narrators: m.narrators }),
    ...(m.series && {
      series: m.series.map((s) => ({ name: s.name, sequence: blankToNull(s.sequence) ?? null })),
    }),
    ...(m.genres && { genres: m.genres }),
    ...(req.tags && { tags: req.tags }),
    ...(m.publishedYear !== undefined && { publishedYear: blankToNull(m.publishedYear) ?? null }),
    ...(m.publishedDate !== undefined && { publishedDate: blankToNull(m.publishedDate) ?? null }),
    ...(m.publisher !== undefined && { publisher: blankToNull(m.publisher) ?? null }),
    // Sanitised here too, so metadata.json and the changed-or-not test see what the row will hold.
    ...(m.description !== undefined && { description: sanitizeDescription(m.description) }),
    ...(m.isbn !== undefined && { isbn: blankToNull(m.isbn) ?? null }),
    ...(m.asin !== undefined && { asin: blankToNull(m.asin) ?? null }),
    ...(m.language !== undefined && { language: blankToNull(m.language) ?? null }),
    ...(m.explicit !== undefined && { explicit: m.explicit }),
    ...(m.abridged !== undefined && { abridged: m.abridged }),
  }
}

/** One book to write: its saved state, its new metadata and chapters. */
interface Change {
  item: SavedItem
  meta: Omit<BookMeta, 'chapters'>
  chapters: Chapter[]
  /** Columns the edit sets besides the metadata (a file edit's audio files, ebook ...). */
  columns?: Partial<ItemRow>
}

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

  /** GET /api/items/:id/metadata-object: what the item's metadata.json holds (or would hold). */
  async metadataObject(user: UserRecord, id: string): Promise<Record<string, unknown>> {
    return itemMetadataJson(await this.editable(user, id))
  }

  /** PATCH /api/items/:id/media for a book: the fields given replace the current ones. */
  async updateMedia(user: UserRecord, id: string, req: UpdateBookMediaRequest): Promise<UpdateMediaResponse> {
    const item = await this.editable(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only book metadata can be edited here')
    const next = applyEdit(bookMetaOf(item), req)
    const updated = JSON.stringify(next) !== JSON.stringify(bookMetaOf(item))
    if (updated) await this.save([{ item, meta: next, chapters: chaptersOf(item) }])
    return { updated, libraryItem: await this.expanded(item.row.id) }
  }

  /**
   * POST /api/items/batch/update: every change checked first (any unknown, hidden or non-book item
   * refuses the whole batch), then saved in one transaction per library. Answers how many changed.
   */
  async updateMany(
    user: UserRecord,
    edits: readonly { id: string; mediaPayload: UpdateBookMediaRequest }[],
  ): Promise<number> {
    const visible = new Set(
      await this.deps.items.filterVisible(
        user,
        edits.map((e) => e.id),
      ),
    )
    const missing = edits.find((e) => !visible.has(e.id))
    if (missing) throw notFound(`${ITEM_NOT_FOUND}: ${missing.id}`)
    const items = new Map((await this.deps.scanRepo.loadItems([...visible])).map((i) => [i.row.id, i]))
    const changes: Change[] = []
    for (const edit of edits) {
      const item = items.get(edit.id)
      if (!item) throw notFound(`${ITEM_NOT_FOUND}: ${edit.id}`)
      if (item.row.media_type !== 'book') throw badRequest('Only book metadata can be edited here')
      const before = bookMetaOf(item)
      const meta = applyEdit(before, edit.mediaPayload)
      if (JSON.stringify(meta) !== JSON.stringify(before))
        changes.push({ item, meta, chapters: chaptersOf(item) })
    }
    await this.save(changes)
    return changes.length
  }

  /** POST /api/items/:id/chapters: the §5 rules, ends recomputed, saved like any edit. */
  async updateChapters(
    user: UserRecord,
    id: string,
    req: UpdateChaptersRequest,
  ): Promise<{ success: boolean; updated: boolean }> {
    const item = await this.editable(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only books have chapters')
    const chapters = validateChapters(req.chapters, item.row.duration)
    const updated = JSON.stringify(chapters) !== JSON.stringify(chaptersOf(item))
    if (updated) await this.save([{ item, meta: bookMetaOf(item), chapters }])
    return { success: true, updated }
  }

  /**
   * Saves a file edit of a book (track order, ebook status): the given columns and chapters, with its metadata
   * as it stands, written like any edit (row, metadata.json, item_updated).
   */
  async saveFileEdit(item: SavedItem, chapters: Chapter[], columns: Partial<ItemRow>): Promise<void> {
    await this.save([{ item, meta: bookMetaOf(item), chapters, columns }])
  }

  /**
   * Saves books again from what the database says of them now (after an author was renamed, merged or
   * removed), so their name columns, search rows and metadata.json follow.
   */
  async resaveBooks(itemIds: readonly string[]): Promise<void> {
    const books = (await this.deps.scanRepo.loadItems(itemIds)).filter((i) => i.row.media_type === 'book')
    await this.save(books.map((item) => ({ item, meta: bookMetaOf(item), chapters: chaptersOf(item) })))
  }

  /** Writes edited books: rows, relations and search rows per library in one transaction, then metadata.json files and events. */
  private async save(changes: readonly Change[]) {
    if (changes.length === 0) return
    const { scanRepo, settings } = this.deps
    const server = await settings.getServerSettings()
    const now = this.deps.clock()
    const byLibrary = new Map<string, Change[]>()
    for (const c of changes)
      byLibrary.set(c.item.row.library_id, [...(byLibrary.get(c.item.row.library_id) ?? []), c])
    for (const [libraryId, list] of byLibrary) {
      const built = list.map(({ item, meta, chapters, columns }) => ({
        row: {
          ...item.row,
          ...columns,
          ...bookMetaColumns(meta, server.sortingPrefixes),
          chapters: JSON.stringify(chapters),
          num_chapters: chapters.length,
          updated_at: now,
        },
        authors: meta.authors,
        series: meta.series,
        genres: meta.genres,
        tags: meta.tags,
        narrators: meta.narrators,
        episodes: null,
      }))
      const authorChanges = noAuthorChanges()
      const saved = await scanRepo.saveBatch(libraryId, built, server.sortingPrefixes, now, authorChanges)
      const { seriesIds } = await scanRepo.pruneOrphans(libraryId)
      // Files are written a few at a time: a batch of 1,000 waits on the disk, not on one write after another.
      const limit = createLimiter(8)
      await Promise.all(
        list.map(({ item, meta, chapters }) =>
          limit(() =>
            writeItemMetadataJson({
              item: { id: item.row.id, path: item.row.path, isFile: item.row.is_file === 1 },
              metadataPath: this.deps.metadataPath,
              storeWithItem: server.storeMetadataWithItem,
              json: toAbsBookJson(meta, chapters),
              log: this.deps.log,
            }),
          ),
        ),
      )
      // One item: Audiobookshelf's item_updated; more: items_updated in chunks.
      const [only] = saved
      if (saved.length === 1 && only) this.events.updatedOne(only)
      else this.events.updated(saved)
      this.events.seriesRemoved(libraryId, seriesIds)
      await this.events.authorsChanged(
        libraryId,
        authorChanges,
        (ids) => scanRepo.authorBookCounts(ids),
        'edit',
      )
    }
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
        const roots =
          libraries.find((l) => l.id === item.row.library_id)?.folders.map((f) => f.fullPath) ?? []
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
