import fs from 'node:fs/promises'
import path from 'node:path'
import {
  AudioFile,
  Chapter,
  LibraryFile,
  type EbookFile,
  type LibraryItem,
  type UpdateTracksRequest,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import { jsonColumn } from '../../db/item-rows.ts'
import { isInsideOrEqual, regularFileInside } from '../../files/contained-path.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { ffprobeJson } from '../../media/ffprobe.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { applyTrackOrder, type FileChoicesStore } from '../../scanner/file-choices.ts'
import { extOf } from '../../scanner/file-types.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import type { SavedItem, ScanRepository } from '../../scanner/scan.repository.ts'
import { buildChapters } from '../../scanner/tracks.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { ItemEditService } from './item-edit.service.ts'

const ITEM_NOT_FOUND = 'Item not found'

const audioFilesOf = (item: SavedItem) => jsonColumn(item.row.audio_files, z.array(AudioFile), [])
const libraryFilesOf = (item: SavedItem) => jsonColumn(item.row.library_files, z.array(LibraryFile), [])
const chaptersOf = (item: SavedItem) => jsonColumn(item.row.chapters, z.array(Chapter), [])
const playable = (files: readonly AudioFile[]) => files.filter((f) => !f.error && !f.exclude)

/** Chapters compared by what a listener sees (ids are renumbered anyway). */
const sameChapters = (a: readonly Chapter[], b: readonly Chapter[]) =>
  a.length === b.length &&
  a.every((c, i) => c.title === b[i]?.title && c.start === b[i]?.start && c.end === b[i]?.end)

/**
 * One item's files through the API: the track order, ffprobe data, deleting one file, the primary ebook.
 * Choices a rescan must keep go to the choices table the scanner reads; row changes are saved like an edit.
 */
export class ItemFilesService {
  private readonly deps: {
    scanRepo: ScanRepository
    items: ItemsService
    itemEdit: ItemEditService
    choices: FileChoicesStore
    /** Rescans one item (the scanner's item scan), after a file left it. */
    rescanItem: (itemId: string) => Promise<unknown>
    realtime: Realtime
    ffprobePath: string
    clock: Clock
    log: Logger
  }
  private readonly events: ItemEvents
  constructor(deps: ItemFilesService['deps']) {
    this.deps = deps
    this.events = new ItemEvents(deps.realtime)
  }

  private async visible(user: UserRecord, id: string): Promise<SavedItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.scanRepo.loadItems([visible]) : []
    if (!item) throw notFound(ITEM_NOT_FOUND)
    return item
  }

  /**
   * PATCH /api/items/:id/tracks: the named audio files first, in the order given (the others after them in
   * their order), `exclude` as given. Chapters that came from the files follow the new order.
   */
  async updateTracks(user: UserRecord, id: string, req: UpdateTracksRequest): Promise<LibraryItem> {
    const item = await this.visible(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only books have tracks to order')
    const files = audioFilesOf(item)
    const inos = new Set(files.map((f) => f.ino))
    const seen = new Set<string>()
    for (const entry of req.orderedFileData) {
      if (!inos.has(entry.ino)) throw badRequest(`Not an audio file of this item: ${entry.ino}`)
      if (seen.has(entry.ino)) throw badRequest(`File given twice: ${entry.ino}`)
      seen.add(entry.ino)
    }
    const current = new Map(files.map((f) => [f.ino, f.exclude]))
    const order = req.orderedFileData.map((e) => ({
      ino: e.ino,
      exclude: e.exclude ?? current.get(e.ino) ?? false,
    }))
    const placed = applyTrackOrder(files, (f) => f.ino, order)
    const next: AudioFile[] = placed.map(({ item: f, exclude, chosen }, i) => ({
      ...f,
      index: i + 1,
      exclude,
      manuallyVerified: f.manuallyVerified || chosen,
    }))
    const chapters = sameChapters(chaptersOf(item), buildChapters(files))
      ? buildChapters(next)
      : chaptersOf(item)
    await this.deps.choices.setTrackOrder(
      item.row.id,
      next.map((f) => ({ ino: f.ino, exclude: f.exclude })),
    )
    const good = playable(next)
    await this.deps.itemEdit.saveFileEdit(item, chapters, {
      audio_files: JSON.stringify(next),
      duration: good.reduce((s, f) => s + f.duration, 0),
      num_tracks: good.length,
    })
    const [json] = await this.deps.items.expanded([item.row.id])
    if (!json) throw notFound(ITEM_NOT_FOUND)
    return json
  }

  /** GET /api/items/:id/ffprobe/:fileid: ffprobe's own JSON of one audio file of the item. */
  async ffprobe(user: UserRecord, id: string, fileId: string): Promise<Record<string, unknown>> {
    const item = await this.visible(user, id)
    const entry =
      audioFilesOf(item).find((f) => f.ino === fileId) ??
      libraryFilesOf(item).find((f) => f.ino === fileId && f.fileType === 'audio')
    if (!entry) throw notFound('Audio file not found')
    const file = await regularFileInside(entry.metadata.path, [item.row.path])
    if (!file) throw notFound(`Audio file not found on disk: ${entry.metadata.filename}`)
    try {
      return await ffprobeJson(this.deps.ffprobePath, file.path)
    } catch (err) {
      this.deps.log.warn({ err, file: file.path }, 'ffprobe of an item file failed')
      throw badRequest(`ffprobe could not read ${entry.metadata.filename}`)
    }
  }

  /**
   * DELETE /api/items/:id/file/:fileid: removes one listed file from disk when it lies inside the item's folder
   * (by its path and by its real path, so a symlink that leaves the folder is refused), then rescans the item,
   * so its tracks, ebook and cover say what the disk now holds.
   */
  async removeFile(user: UserRecord, id: string, fileId: string): Promise<void> {
    const item = await this.visible(user, id)
    const entry = libraryFilesOf(item).find((f) => f.ino === fileId)
    if (!entry) throw notFound('File not found')
    const listed = entry.metadata.path
    if (!path.isAbsolute(listed) || !isInsideOrEqual(path.resolve(listed), item.row.path))
      throw badRequest('The file is outside the item folder')
    const stat = await fs.lstat(listed).catch(() => null)
    if (stat) {
      const real = await regularFileInside(listed, [item.row.path])
      if (!real) throw badRequest('The file is outside the item folder')
      await fs.unlink(listed).catch((err: unknown) => {
        this.deps.log.warn({ err, path: listed }, 'item file could not be deleted')
        throw badRequest(`The file could not be deleted: ${entry.metadata.filename}`)
      })
    }
    this.deps.log.info({ userId: user.id, itemId: item.row.id, file: listed }, 'item file deleted')
    await this.deps.choices.forgetFile(item.row.id, fileId)
    // The book leaves the file at once (a book whose last file went has no tracks, which a rescan that finds no
    // media flags missing without rebuilding); the rescan then says what the rest of the disk holds.
    // Only media and images: saving writes metadata.json, which must not come back when it was the file deleted.
    const media = entry.fileType === 'audio' || entry.fileType === 'ebook' || entry.fileType === 'image'
    if (item.row.media_type === 'book' && media) await this.saveWithout(item, fileId, entry.metadata.path)
    await this.deps.rescanItem(item.row.id)
    const [after] = await this.deps.scanRepo.loadItems([item.row.id])
    if (after) this.events.updatedOne(after)
  }

  /** A book's row without one of its files: tracks, chapters from files, ebook and cover follow. */
  private async saveWithout(item: SavedItem, ino: string, filePath: string): Promise<void> {
    const files = audioFilesOf(item)
    const next = files.filter((f) => f.ino !== ino).map((f, i) => ({ ...f, index: i + 1 }))
    const chapters = sameChapters(chaptersOf(item), buildChapters(files))
      ? buildChapters(next)
      : chaptersOf(item)
    const ebookGone = item.row.ebook_file !== null && this.ebookIno(item) === ino
    const good = playable(next)
    await this.deps.itemEdit.saveFileEdit(item, chapters, {
      audio_files: JSON.stringify(next),
      library_files: JSON.stringify(libraryFilesOf(item).filter((f) => f.ino !== ino)),
      duration: good.reduce((s, f) => s + f.duration, 0),
      num_tracks: good.length,
      ...(ebookGone && { ebook_file: null, ebook_format: null }),
      ...(item.row.cover_path === filePath && { cover_path: null }),
    })
  }

  private ebookIno(item: SavedItem): string | null {
    return jsonColumn(item.row.ebook_file, z.object({ ino: z.string() }).nullable(), null)?.ino ?? null
  }

  /**
   * PATCH /api/items/:id/ebook/:fileid/status: a supplementary ebook becomes the primary one (the old primary
   * turns supplementary); the primary one turns supplementary (the book then has none). Kept across rescans.
   */
  async toggleEbookStatus(user: UserRecord, id: string, fileId: string): Promise<void> {
    const item = await this.visible(user, id)
    if (item.row.media_type !== 'book') throw badRequest('Only books have ebooks')
    const files = libraryFilesOf(item)
    const entry = files.find((f) => f.ino === fileId && f.fileType === 'ebook')
    if (!entry) throw badRequest('Invalid ebook file id')
    const primary = entry.isSupplementary !== false ? entry : null
    const now = this.deps.clock()
    const ebookFile: EbookFile | null = primary
      ? {
          ino: primary.ino,
          metadata: primary.metadata,
          ebookFormat: extOf(primary.metadata.filename),
          addedAt: primary.addedAt,
          updatedAt: now,
        }
      : null
    const next = files.map((f) =>
      f.fileType === 'ebook' ? { ...f, isSupplementary: f.ino !== primary?.ino } : f,
    )
    await this.deps.choices.setPrimaryEbook(item.row.id, primary?.ino ?? '')
    await this.deps.itemEdit.saveFileEdit(item, chaptersOf(item), {
      library_files: JSON.stringify(next),
      ebook_file: ebookFile ? JSON.stringify(ebookFile) : null,
      ebook_format: ebookFile?.ebookFormat ?? null,
    })
  }
}
