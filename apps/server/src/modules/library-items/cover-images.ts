import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { COVER_SIZE_STEPS, MAX_COVER_DIMENSION } from '@shelfcast/contracts'
import sharp from 'sharp'
import { contentTypeOf } from '../../files/media-types.ts'
import { DEFAULT_IMAGE_CACHE_LIMITS, ImageCacheIndex, type ImageCacheLimits } from './image-cache-index.ts'

export type CoverFormat = 'webp' | 'jpeg' | 'png'

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000
/** Without a size, covers are resized to this width (Audiobookshelf's default). */
export const DEFAULT_COVER_WIDTH = 400
/** The source formats a cover may have; anything else (SVG, PDF, ...) is never rendered. */
const ALLOWED_SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

/** A requested width or height, snapped up to the next allowed step (the largest step past the last). */
export function snapCoverSize(size: number): number {
  return COVER_SIZE_STEPS.find((step) => step >= size) ?? MAX_COVER_DIMENSION
}

export interface ResizedCover {
  path: string
  size: number
  contentType: string
  /**
   * The file, already open: the cache may delete it for another request before this one is sent, and an
   * open file stays readable. Whoever sends it closes it (sendFile does).
   */
  handle: fs.FileHandle
}

type CachedCover = Omit<ResizedCover, 'handle'>

/**
 * Resized copies of cover images, cached under `cacheDir` as `<key>_<w>x<h>.<fmt>` and rebuilt when the
 * source changes. Sizes snap to `COVER_SIZE_STEPS`, and the folder is kept within `limits` (copies per
 * image, total bytes) by deleting the least recently used files, since anyone may ask for any size.
 * Files are written to a temporary name and renamed, so a reader never sees half a file; concurrent
 * requests for the same size share one resize.
 */
export class CoverImages {
  private readonly cacheDir: string
  private readonly inFlight = new Map<string, Promise<CachedCover | null>>()
  /** Which cached files exist, least recently used first. */
  readonly index: ImageCacheIndex
  constructor(cacheDir: string, limits: ImageCacheLimits = DEFAULT_IMAGE_CACHE_LIMITS) {
    this.cacheDir = cacheDir
    this.index = new ImageCacheIndex(cacheDir, limits)
  }

  /**
   * Deletes every cached copy (cache purge). Only the folder's own entries go (symlinks as links, never what they
   * point to); copies are rebuilt on the next request.
   */
  async clear(): Promise<void> {
    await emptyFolder(this.cacheDir)
    this.index.forget()
  }

  /** True when the file is an image of an allowed format (checked from its bytes, not its name). */
  async isAllowedImage(file: string): Promise<boolean> {
    try {
      const meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
      return meta.format !== undefined && ALLOWED_SOURCE_FORMATS.has(meta.format)
    } catch {
      return false
    }
  }

  async resized(
    source: { path: string; mtimeMs: number },
    key: string,
    opts: { width?: number; height?: number; format: CoverFormat },
  ): Promise<ResizedCover | null> {
    const asked = opts.width ?? (opts.height ? undefined : DEFAULT_COVER_WIDTH)
    const width = asked === undefined ? undefined : snapCoverSize(asked)
    const height = opts.height === undefined ? undefined : snapCoverSize(opts.height)
    const name = `${key}_${width ?? 0}x${height ?? 0}.${opts.format}`
    // Deleted by another request's eviction between finding and opening it: made once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const file = await this.cachedOrBuilt(source, name, width, height, opts.format)
      if (!file) return null
      const handle = await fs.open(file.path, 'r').catch(() => null)
      if (handle) return { ...file, handle }
    }
    return null
  }

  private async cachedOrBuilt(
    source: { path: string; mtimeMs: number },
    name: string,
    width: number | undefined,
    height: number | undefined,
    format: CoverFormat,
  ): Promise<CachedCover | null> {
    const target = path.join(this.cacheDir, name)
    const cached = await fs.stat(target).catch(() => null)
    // A cached copy carries its source's mtime: any change of the source (even to an older file) rebuilds it.
    if (cached && Math.abs(cached.mtimeMs - source.mtimeMs) < 1) {
      await this.index.touch(name, cached.size)
      return { path: target, size: cached.size, contentType: contentTypeOf(`cover.${format}`) }
    }
    const running = this.inFlight.get(target)
    if (running) return running
    const job = this.build(source, target, width, height, format).finally(() => this.inFlight.delete(target))
    this.inFlight.set(target, job)
    return job
  }

  private async build(
    source: { path: string; mtimeMs: number },
    target: string,
    width: number | undefined,
    height: number | undefined,
    format: CoverFormat,
  ) {
    if (!(await this.isAllowedImage(source.path))) return null
    await fs.mkdir(this.cacheDir, { recursive: true })
    const tmp = `${target}.${crypto.randomUUID()}.tmp`
    try {
      await sharp(source.path, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, height, fit: width && height ? 'cover' : 'inside', withoutEnlargement: true })
        .toFormat(format)
        .toFile(tmp)
      const mtime = new Date(source.mtimeMs)
      await fs.utimes(tmp, mtime, mtime)
      await fs.rename(tmp, target)
      const st = await fs.stat(target)
      await this.index.added(path.basename(target), st.size)
      return { path: target, size: st.size, contentType: contentTypeOf(`cover.${format}`) }
    } catch {
      await fs.rm(tmp, { force: true })
      return null
    }
  }
}

/** Removes what a folder holds, keeping the folder; a missing folder is already empty. */
export async function emptyFolder(dir: string): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[])
  await Promise.all(names.map((name) => fs.rm(path.join(dir, name), { recursive: true, force: true })))
}
