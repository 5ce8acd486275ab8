import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test-support/test-app.ts'
import { CoverImages, snapCoverSize, type CoverFormat, type ResizedCover } from './cover-images.ts'

const formats: CoverFormat[] = ['webp', 'jpeg', 'png']

/** A resized cover comes open (for sending); tests only look at its path and close it. */
async function closed(cover: Promise<ResizedCover | null>) {
  const c = await cover
  await c?.handle.close()
  return c ? { path: c.path, size: c.size, contentType: c.contentType } : null
}

/** Bytes of the regular files in a folder (what the disk really holds, not what the index believes). */
const folderBytes = (dir: string) =>
  fs.readdirSync(dir).reduce((n, name) => n + fs.statSync(path.join(dir, name)).size, 0)

describe('resized cover cache', () => {
  let dir: string
  let large: { path: string; mtimeMs: number }
  const sources: { path: string; mtimeMs: number }[] = []
  const image = async (name: string, width: number, height: number, sigma: number) => {
    const file = path.join(dir, name)
    // Noise, so resized copies are not trivially small and the byte budget really bites.
    await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png()
      .toFile(file)
    return { path: file, mtimeMs: fs.statSync(file).mtimeMs }
  }

  beforeAll(async () => {
    dir = tempDir('shelfcast-covers-')
    large = await image('large.png', 900, 1350, 0)
    for (let i = 0; i < 4; i++) sources.push(await image(`source-${i}.png`, 320, 480, 10 + i))
  })

  it('snaps sizes up to the next step, the largest past the last', () => {
    expect([1, 80, 81, 333, 400, 401, 2001, 3000].map(snapCoverSize)).toEqual([
      80, 80, 120, 400, 400, 480, 3000, 3000,
    ])
  })

  it('answers images of the snapped size', async () => {
    const covers = new CoverImages(path.join(dir, 'snapped'))
    const size = async (opts: { width?: number; height?: number }) => {
      const file = await closed(covers.resized(large, 'item', { ...opts, format: 'png' }))
      const meta = await sharp(file?.path).metadata()
      return [meta.width, meta.height]
    }
    expect(await size({ width: 333 })).toEqual([400, 600])
    expect(await size({ height: 100 })).toEqual([80, 120])
    expect(await size({ width: 81, height: 81 })).toEqual([120, 120])
    expect(await size({})).toEqual([400, 600])
    expect(await size({ width: 2999 })).toEqual([900, 1350]) // never enlarged
  })

  it('makes at most the per-image cap of files for 300 different sizes of one cover', async () => {
    const cacheDir = path.join(dir, 'many')
    const covers = new CoverImages(cacheDir, { maxBytes: 1024 ** 3, maxVariantsPerImage: 8 })
    const small = await image('small.png', 90, 135, 0) // small, so 300 resizes stay quick
    for (let i = 0; i < 300; i++) {
      const width = 1 + ((i * 577) % 3000)
      const height = i % 2 ? 1 + ((i * 131) % 3000) : undefined
      const file = await closed(covers.resized(small, 'item-1', { width, height, format: formats[i % 3]! }))
      expect(file, `request ${i}`).not.toBeNull()
      expect(fs.existsSync(file!.path), `request ${i}`).toBe(true)
    }
    expect(fs.readdirSync(cacheDir).length).toBeLessThanOrEqual(8)
  }, 60_000)

  it('keeps the folder under its byte budget, deleting the least recently used files', async () => {
    const cacheDir = path.join(dir, 'budget')
    const budget = 60 * 1024
    const covers = new CoverImages(cacheDir, { maxBytes: budget, maxVariantsPerImage: 100 })
    const favourite = await closed(covers.resized(sources[0]!, 'fav', { width: 160, format: 'jpeg' }))
    for (let i = 0; i < 40; i++) {
      // The favourite is asked for between the others, so it is never the least recently used.
      expect(await closed(covers.resized(sources[0]!, 'fav', { width: 160, format: 'jpeg' }))).toEqual(
        favourite,
      )
      const source = sources[1 + (i % 3)]!
      await closed(
        covers.resized(source, `item-${i % 3}`, {
          width: 80 * (1 + (i % 4)),
          format: formats[Math.floor(i / 4) % 2]!,
        }),
      )
      expect(folderBytes(cacheDir), `after request ${i}`).toBeLessThanOrEqual(budget)
    }
    expect(covers.index.totalBytes).toBe(folderBytes(cacheDir))
    expect(fs.existsSync(favourite!.path)).toBe(true)

    // A restarted server reads what is on disk and keeps to the same budget.
    const again = new CoverImages(cacheDir, { maxBytes: budget, maxVariantsPerImage: 100 })
    await closed(again.resized(sources[3]!, 'late', { width: 320, format: 'webp' }))
    expect(folderBytes(cacheDir)).toBeLessThanOrEqual(budget)
    expect(again.index.totalBytes).toBe(folderBytes(cacheDir))
  }, 60_000)

  it('answers a copy that stays readable when another request evicts it before it is sent', async () => {
    const covers = new CoverImages(path.join(dir, 'held'), { maxBytes: 1024 ** 3, maxVariantsPerImage: 1 })
    const held = await covers.resized(sources[0]!, 'item', { width: 240, format: 'jpeg' })
    await closed(covers.resized(sources[0]!, 'item', { width: 320, format: 'jpeg' }))
    expect(fs.existsSync(held!.path)).toBe(false)
    const bytes = await held!.handle.readFile()
    await held!.handle.close()
    expect(bytes.length).toBe(held!.size)
    expect((await sharp(bytes).metadata()).width).toBe(240)
  })
})
