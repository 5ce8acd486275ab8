import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { comicPages, makeCbr, makeCbz } from '../../../../../scripts/media/comic.ts'
import type { ServableFile } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { ArchiveClosed } from './comic-archive.ts'
import { ComicPagesService } from './comic-pages.service.ts'
import { ZipComic } from './zip-comic.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-comic-service-'))
const pages = comicPages(4, { width: 8, height: 8 })
const user = {} as UserRecord

/** A service whose items lookup answers the comic file named by the item id (visibility is the routes' test). */
function service() {
  return new ComicPagesService({
    items: {
      ebookFile: async (_user: UserRecord, itemId: string): Promise<ServableFile> => {
        const file = path.join(dir, itemId)
        const stat = fs.statSync(file)
        return { path: file, size: stat.size, mtimeMs: stat.mtimeMs }
      },
    },
  })
}

describe('comic pages service', () => {
  afterEach(() => vi.restoreAllMocks())
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('keeps at most 16 archives open, closing the least recently used, and opens a dropped one again', async () => {
    const comics = Array.from({ length: 17 }, (_, i) => `c${i}.cbz`)
    for (const name of comics) fs.writeFileSync(path.join(dir, name), makeCbz(pages))
    const opens = vi.spyOn(ZipComic, 'open')
    const closes = vi.spyOn(ZipComic.prototype, 'close')
    const s = service()
    for (const name of comics) expect(await s.pages(user, name)).toHaveLength(4)
    expect(opens).toHaveBeenCalledTimes(17)
    expect(closes).toHaveBeenCalledTimes(1)
    // c1 was used last among the oldest: c0 went, c1 stays.
    expect((await s.page(user, 'c1.cbz', 2)).bytes.equals(pages[2]!.data)).toBe(true)
    expect(opens).toHaveBeenCalledTimes(17)
    expect((await s.page(user, 'c0.cbz', 3)).bytes.equals(pages[3]!.data)).toBe(true)
    expect(opens).toHaveBeenCalledTimes(18)
    s.closeAll()
    await vi.waitFor(() => expect(closes).toHaveBeenCalledTimes(18))
  })

  it('reads a page again from a fresh open when its archive was closed between lookup and read', async () => {
    fs.writeFileSync(path.join(dir, 'raced.cbz'), makeCbz(pages))
    const s = service()
    await s.pages(user, 'raced.cbz')
    const read = vi.spyOn(ZipComic.prototype, 'read').mockRejectedValueOnce(new ArchiveClosed())
    expect((await s.page(user, 'raced.cbz', 1)).bytes.equals(pages[1]!.data)).toBe(true)
    expect(read).toHaveBeenCalledTimes(2)
    s.closeAll()
  })

  it('shares one open between requests that arrive together, and tells a CBR in a .cbz by its bytes', async () => {
    fs.writeFileSync(path.join(dir, 'rar-inside.cbz'), makeCbr(pages))
    fs.writeFileSync(path.join(dir, 'zip-inside.cbr'), makeCbz(pages))
    const opens = vi.spyOn(ZipComic, 'open')
    const s = service()
    const answers = await Promise.all([0, 1, 2, 3].map((i) => s.page(user, 'zip-inside.cbr', i)))
    expect(answers.map((a) => a.bytes.equals(pages[answers.indexOf(a)]!.data))).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(opens).toHaveBeenCalledTimes(1)
    expect((await s.page(user, 'rar-inside.cbz', 3)).bytes.equals(pages[3]!.data)).toBe(true)
    expect(opens).toHaveBeenCalledTimes(1)
    s.closeAll()
  })
})
