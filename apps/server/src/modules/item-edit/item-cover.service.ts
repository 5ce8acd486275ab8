import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import sharp from 'sharp'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { FetchError, type GuardedFetcher } from '../../net/index.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { USER_COVER_STEM, writeItemCover } from '../../scanner/cover.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import type { SavedItem, ScanRepository } from '../../scanner/scan.repository.ts'
import { MAX_INPUT_PIXELS } from '../library-items/cover-images.ts'
import { jsonColumn } from '../../db/item-rows.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { LibraryFile } from '@shelfcast/contracts'
import { z } from 'zod'

/** The biggest cover image accepted (upload or download). */
export const MAX_COVER_BYTES = 20 * 1024 * 1024
const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' }

/**
 * Covers set by users: an uploaded file, an image URL (through the guarded fetcher), one of the item's
 * own image files, or none. Set covers are kept as the item's user cover, which rescans keep.
 */
export class ItemCoverService {
  private readonly deps: {
    scanRepo: ScanRepository
    items: ItemsService
    fetcher: GuardedFetcher
    realtime: Realtime
    metadataPath: string
    settings: Pick<SettingsService, 'getServerSettings'>
    clock: Clock
    log: Logger
  }
  private readonly events: ItemEvents
  constructor(deps: ItemCoverService['deps']) {
    this.deps = deps
    this.events = new ItemEvents(deps.realtime)
  }

  private async item(user: UserRecord, id: string): Promise<SavedItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.scanRepo.loadItems([visible]) : []
    if (!item) throw notFound('Item not found')
    return item
  }

  /** Stores image bytes as the item's cover after checking what they really are. */
  async setFromBytes(user: UserRecord, id: string, data: Buffer): Promise<{ success: true; cover: string }> {
    return this.store(await this.item(user, id), data)
  }

  /**
   * The scanner's "Find covers": a cover found online for an item that has none, downloaded through the
   * guarded fetcher. Nothing changes when the item got a cover meanwhile. Throws when the download fails.
   */
  async setFound(itemId: string, url: string): Promise<boolean> {
    const [item] = await this.deps.scanRepo.loadItems([itemId])
    if (!item || item.row.cover_path) return false
    const image = await this.deps.fetcher.fetchImage(url, { maxBytes: MAX_COVER_BYTES })
    await this.store(item, image.body)
    return true
  }

  private async store(item: SavedItem, data: Buffer): Promise<{ success: true; cover: string }> {
    const format = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .metadata()
      .then((m) => m.format)
      .catch(() => undefined)
    const ext = format ? IMAGE_FORMATS[format] : undefined
    if (!ext) throw badRequest('The file is not a JPEG, PNG, WebP or GIF image')
    const cover =
      (await this.writeBesideItem(item, ext, data)) ??
      (await writeItemCover(this.deps.metadataPath, item.row.id, { ext, data }, USER_COVER_STEM))
    await this.setPath(item, cover)
    return { success: true, cover }
  }

  async setFromUrl(user: UserRecord, id: string, url: string): Promise<{ success: true; cover: string }> {
    await this.item(user, id)
    try {
      const image = await this.deps.fetcher.fetchImage(url, { maxBytes: MAX_COVER_BYTES })
      return await this.setFromBytes(user, id, image.body)
    } catch (err) {
      if (err instanceof FetchError) throw badRequest(err.userMessage)
      throw err
    }
  }

  /** PATCH {cover}: only one of the item's own image files (no API takes an arbitrary server path). */
  async setFromItemFile(
    user: UserRecord,
    id: string,
    cover: string,
  ): Promise<{ success: true; cover: string }> {
    const item = await this.item(user, id)
    const files = jsonColumn(item.row.library_files, z.array(LibraryFile), [])
    const own = files.find(
      (f) => f.fileType === 'image' && path.resolve(f.metadata.path) === path.resolve(cover),
    )
    if (!own) throw badRequest("Cover must be one of the item's image files")
    await this.setPath(item, own.metadata.path)
    return { success: true, cover: own.metadata.path }
  }

  /**
   * With "store covers with item" on, the cover goes into the item's folder as cover.<ext> (as in
   * Audiobookshelf; scans then find it there), replacing a cover.* of another type. Null when the setting is
   * off, the item is a single file, or the folder cannot be written: the metadata folder takes it then.
   */
  private async writeBesideItem(item: SavedItem, ext: string, data: Buffer): Promise<string | null> {
    if (item.row.is_file === 1 || !(await this.deps.settings.getServerSettings()).storeCoverWithItem)
      return null
    const dir = item.row.path
    const target = path.join(dir, `cover.${ext}`)
    const tmp = path.join(dir, `.cover-${crypto.randomUUID()}.tmp`)
    try {
      await fs.promises.writeFile(tmp, data, { flag: 'wx' })
      await fs.promises.rename(tmp, target)
      for (const name of await fs.promises.readdir(dir)) {
        if (/^cover\.(?:jpe?g|png|webp|gif)$/i.test(name) && name !== `cover.${ext}`)
          await fs.promises.rm(path.join(dir, name), { force: true })
      }
      return target
    } catch (err) {
      await fs.promises.rm(tmp, { force: true }).catch(() => {})
      this.deps.log.warn({ err, item: item.row.id }, 'cover could not be stored in the item folder')
      return null
    }
  }

  async remove(user: UserRecord, id: string): Promise<void> {
    await this.setPath(await this.item(user, id), null)
  }

  private async setPath(item: SavedItem, cover: string | null) {
    await this.deps.scanRepo.setCoverPath(item.row.id, cover, this.deps.clock())
    const [saved] = await this.deps.scanRepo.loadItems([item.row.id])
    if (saved) this.events.updatedOne(saved)
  }
}
