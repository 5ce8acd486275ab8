import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import type { Logger } from 'pino'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { ScanRepository } from '../../scanner/scan.repository.ts'
import type { ScanService } from '../../scanner/scan.service.ts'
import { fileTypeOf } from '../../scanner/file-types.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { checkUploadTarget, uploadRelPath } from './upload-target.ts'

/** Files an upload may carry: what the scanner reads for an item (audio, ebooks, images, metadata). */
const UPLOADABLE = new Set(['audio', 'ebook', 'image', 'metadata', 'text', 'info'])
/** One uploaded file at most; audiobooks in one file run to gigabytes. */
export const MAX_UPLOAD_FILE_BYTES = 20 * 1024 ** 3

/** One part of a multipart upload as the route streams it in: a form field, or a file (cut short past the cap). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; filename: string; file: Readable & { truncated: boolean } }

/**
 * POST /api/upload: fields (title, author, series, library, folder) first, then the files. Files are
 * streamed into a hidden folder beside the target and moved into place only when all arrived, so a
 * failed upload leaves nothing behind; then the new folder is scanned in.
 */
export class UploadService {
  private readonly deps: {
    libraries: LibrariesService
    scanRepo: ScanRepository
    scans: ScanService
    itemEdit: ItemEditService
    log: Logger
  }
  constructor(deps: UploadService['deps']) {
    this.deps = deps
  }

  /** The library folder an upload names, for a user who may open that library. */
  private async folder(user: UserRecord, libraryId: string, folderId: string) {
    const library = await this.deps.libraries.getFor(user, libraryId).catch(() => {
      throw notFound('Library not found')
    })
    const folder = library.folders.find((f) => f.id === folderId || f.fullPath === folderId)
    if (!folder) throw badRequest('Folder not found in this library')
    return { library, folder }
  }

  /** POST /api/filesystem/pathexists: whether `directory` exists under one of the library's folders. */
  async pathExists(user: UserRecord, folderPath: string, directory: string): Promise<boolean> {
    const libraries = await this.deps.libraries.listFor(user)
    if (!libraries.some((l) => l.folders.some((f) => f.fullPath === folderPath)))
      throw badRequest('Folder not found')
    const rel = directory
      .split(/[\\/]+/)
      .map((s) => sanitizeFilename(s))
      .filter(Boolean)
    if (rel.length === 0) return false
    return fs.existsSync(path.join(folderPath, ...rel))
  }

  async upload(user: UserRecord, parts: AsyncIterable<UploadPart>): Promise<{ path: string }> {
    const fields: Record<string, string> = {}
    let staging: string | null = null
    let target: {
      library: { id: string }
      mediaType: string
      relPath: string
      abs: string
      folderPath: string
    } | null = null
    const names = new Set<string>()
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (staging) throw badRequest('Form fields must come before the files')
          fields[part.fieldname] = String(part.value)
          continue
        }
        if (!target) {
          const { library, folder } = await this.folder(user, fields.library ?? '', fields.folder ?? '')
          const relPath = uploadRelPath(fields)
          const items = (await this.deps.scanRepo.itemIndex(library.id))
            .filter((i) => i.folderId === folder.id)
            .map((i) => i.relPath)
          const abs = await checkUploadTarget(folder.fullPath, relPath, items)
          target = { library, mediaType: library.mediaType, relPath, abs, folderPath: folder.fullPath }
          // Hidden (the scanner skips dot folders) and on the same file system as the target, for the final rename.
          staging = path.join(folder.fullPath, `.shelfcast-upload-${crypto.randomUUID()}`)
          await fs.promises.mkdir(staging)
        }
        const name = sanitizeFilename(path.basename(part.filename.replace(/\\/g, '/')))
        if (!name || !UPLOADABLE.has(fileTypeOf(name)))
          throw badRequest(`File type not allowed: ${part.filename}`)
        if (names.has(name)) throw badRequest(`Two files are named ${name}`)
        names.add(name)
        await pipeline(part.file, fs.createWriteStream(path.join(staging as string, name), { flags: 'wx' }))
        if (part.file.truncated) throw badRequest(`File too large: ${name}`)
      }
      if (!target || !staging || names.size === 0) throw badRequest('No files uploaded')
      await fs.promises.mkdir(path.dirname(target.abs), { recursive: true })
      if (fs.existsSync(target.abs)) throw badRequest(`Filepath ${target.relPath} already exists on server`)
      await fs.promises.rename(staging, target.abs)
      staging = null
    } finally {
      if (staging) await fs.promises.rm(staging, { recursive: true, force: true })
    }
    // Scanned before answering: when the upload succeeds, the item is in the library, under the title,
    // author and series the user typed (file tags such as a track's title must not rename it).
    await this.deps.scans
      .scanChangedPaths(target.library.id, [target.abs])
      .catch((err: unknown) => this.deps.log.warn({ err }, 'uploaded item scan failed'))
    const item = (await this.deps.scanRepo.itemIndex(target.library.id)).find((i) => i.path === target.abs)
    if (item && target.mediaType === 'book') {
      const metadata = {
        title: fields.title?.trim() || undefined,
        ...(fields.author?.trim() && { authors: [{ name: fields.author.trim() }] }),
        ...(fields.series?.trim() && { series: [{ name: fields.series.trim() }] }),
      }
      await this.deps.itemEdit
        .updateMedia(user, item.id, { metadata })
        .catch((err: unknown) => this.deps.log.warn({ err }, 'uploaded item metadata not applied'))
    }
    return { path: target.abs }
  }
}
