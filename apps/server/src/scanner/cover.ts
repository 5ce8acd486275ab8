import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { naturalCompare } from './file-types.ts'
import type { WalkedFile } from './walk.ts'

/**
 * The folder image to use as cover: `cover.*` wins, else the first image, shallow folders first
 * (an image in the item folder before one in a CD subfolder).
 */
export function pickFolderCover(images: readonly WalkedFile[], itemRelPath: string): WalkedFile | null {
  if (images.length === 0) return null
  const depth = (f: WalkedFile) => f.relPath.slice(itemRelPath.length).split('/').length
  const sorted = [...images].sort((a, b) => depth(a) - depth(b) || naturalCompare(a.relPath, b.relPath))
  return sorted.find((f) => /^cover\.[a-z]+$/i.test(f.name)) ?? sorted[0] ?? null
}

const extForMime = (mime: string) => {
  const m = mime.toLowerCase()
  if (m.includes('png')) return 'png'
  if (m.includes('webp')) return 'webp'
  if (m.includes('gif')) return 'gif'
  return 'jpg'
}

/**
 * A cover a user set (upload or URL) is kept as METADATA_PATH/items/<id>/user-cover.<ext>: rescans keep it
 * over folder images and embedded art, where an extracted cover would give way.
 */
export const USER_COVER_STEM = 'user-cover'
export const isUserCover = (coverPath: string) => path.basename(coverPath).startsWith(`${USER_COVER_STEM}.`)

/** Where an item's extracted cover lives: METADATA_PATH/items/<id>/cover.<ext>. */
export const itemMetadataDir = (metadataPath: string, itemId: string) =>
  path.join(metadataPath, 'items', itemId)

/**
 * Writes an extracted cover (embedded art, ebook cover) for an item, atomically (temp file + rename),
 * replacing an earlier extracted cover of another type. Returns the path.
 */
export async function writeItemCover(
  metadataPath: string,
  itemId: string,
  image: { ext?: string; mime?: string; data: Uint8Array },
  stem: 'cover' | typeof USER_COVER_STEM = 'cover',
): Promise<string> {
  const dir = itemMetadataDir(metadataPath, itemId)
  await fs.promises.mkdir(dir, { recursive: true })
  const ext = image.ext ?? extForMime(image.mime ?? '')
  const target = path.join(dir, `${stem}.${ext}`)
  const tmp = path.join(dir, `.${stem}-${crypto.randomUUID()}.tmp`)
  await fs.promises.writeFile(tmp, image.data)
  await fs.promises.rename(tmp, target)
  for (const name of await fs.promises.readdir(dir)) {
    if (name.startsWith(`${stem}.`) && /^[a-z-]+\.[a-z]+$/.test(name) && name !== `${stem}.${ext}`)
      await fs.promises.rm(path.join(dir, name), { force: true })
  }
  return target
}

export const fileExists = (p: string) =>
  fs.promises.stat(p).then(
    (s) => s.isFile(),
    () => false,
  )
