import fs from 'node:fs/promises'
import path from 'node:path'

export interface ImageCacheLimits {
  /** Total bytes of the cache folder; past it the least recently used files are deleted. */
  maxBytes: number
  /** Resized copies kept per source image; past it that image's least recently used copy is deleted. */
  maxVariantsPerImage: number
}

export const DEFAULT_IMAGE_CACHE_LIMITS: ImageCacheLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxVariantsPerImage: 12,
}

interface Entry {
  key: string
  size: number
}

/** `<key>_<w>x<h>.<fmt>` -> `<key>` (keys are ids and may hold `_`, the size part never does). */
const keyOfName = (name: string) => name.slice(0, Math.max(0, name.lastIndexOf('_')))

/**
 * The files of one resized-image cache folder in least-recently-used order, with their total size, so the
 * folder stays within its limits whatever sizes anonymous callers ask for. Loaded from the folder on first
 * use (ordered by access time, leftover temporary files removed); then kept in memory, since this process
 * is the folder's only writer. A Map keeps insertion order: touching an entry re-inserts it at the end.
 */
export class ImageCacheIndex {
  private readonly dir: string
  private readonly limits: ImageCacheLimits
  private readonly entries = new Map<string, Entry>()
  private readonly perKey = new Map<string, number>()
  private bytes = 0
  private loading: Promise<void> | null = null

  constructor(dir: string, limits: ImageCacheLimits) {
    this.dir = dir
    this.limits = limits
  }

  /** Total bytes of the files indexed (tests and diagnostics). */
  get totalBytes(): number {
    return this.bytes
  }

  private load(): Promise<void> {
    this.loading ??= (async () => {
      const names = await fs.readdir(this.dir).catch(() => [] as string[])
      const found: { name: string; size: number; atimeMs: number }[] = []
      for (const name of names) {
        const file = path.join(this.dir, name)
        if (name.endsWith('.tmp')) {
          await fs.rm(file, { force: true })
          continue
        }
        const st = await fs.stat(file).catch(() => null)
        if (st?.isFile()) found.push({ name, size: st.size, atimeMs: st.atimeMs })
      }
      found.sort((a, b) => a.atimeMs - b.atimeMs)
      for (const f of found) this.put(f.name, f.size)
    })()
    return this.loading
  }

  private put(name: string, size: number) {
    this.drop(name)
    const key = keyOfName(name)
    this.entries.set(name, { key, size })
    this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1)
    this.bytes += size
  }

  private drop(name: string): Entry | null {
    const entry = this.entries.get(name)
    if (!entry) return null
    this.entries.delete(name)
    this.bytes -= entry.size
    const left = (this.perKey.get(entry.key) ?? 1) - 1
    if (left > 0) this.perKey.set(entry.key, left)
    else this.perKey.delete(entry.key)
    return entry
  }

  /** The folder was emptied (cache purge): nothing is indexed; the next use reads the folder again. */
  forget(): void {
    this.entries.clear()
    this.perKey.clear()
    this.bytes = 0
    this.loading = null
  }

  /** A cached file was served: it becomes the most recently used. */
  async touch(name: string, size: number): Promise<void> {
    await this.load()
    this.put(name, size)
  }

  /**
   * A file was written (or rewritten): record it, then delete the least recently used files of its image
   * past the per-image cap and of the folder past the byte budget. The file just added is never deleted.
   */
  async added(name: string, size: number): Promise<void> {
    await this.load()
    this.put(name, size)
    const key = keyOfName(name)
    const victims: string[] = []
    const evict = (other: string) => {
      this.drop(other)
      victims.push(other)
    }
    // Deleting from a Map while iterating it is safe: iteration goes on with the entries left.
    for (const [other, entry] of this.entries) {
      if ((this.perKey.get(key) ?? 0) <= this.limits.maxVariantsPerImage) break
      if (other !== name && entry.key === key) evict(other)
    }
    for (const other of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes) break
      if (other !== name) evict(other)
    }
    // A request already streaming a deleted file keeps reading it: Linux frees it after the last close.
    await Promise.all(victims.map((v) => fs.rm(path.join(this.dir, v), { force: true })))
  }
}
