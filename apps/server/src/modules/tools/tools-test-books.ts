import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Book, LibraryItem, Task } from '@shelfcast/contracts'
import { makeAudio, makeCoverImage, type AudioFormat } from '../../../../../scripts/media/index.ts'
import { ScanRepository } from '../../scanner/scan.repository.ts'
import { toExpandedItem } from '../library-items/item-json.ts'
import type { TestApp } from '../../test-support/test-app.ts'

/** A book folder of `parts` generated files (track-tagged), with a cover.jpg beside them. */
export async function makeToolBook(
  folder: string,
  opts: {
    parts?: number
    seconds?: number
    format?: AudioFormat
    title?: string
    work: string
    cover?: boolean
  },
): Promise<void> {
  const parts = opts.parts ?? 3
  const format = opts.format ?? 'mp3'
  for (let i = 1; i <= parts; i++) {
    await makeAudio({
      path: path.join(folder, `part ${i}.${format}`),
      durationSec: opts.seconds ?? 3,
      frequencyHz: 300 + i * 100,
      tags: { album: opts.title ?? 'Tool Book', title: `Part ${i}`, artist: 'Tool Author', track: i },
    })
  }
  if (opts.cover !== false) {
    fs.mkdirSync(opts.work, { recursive: true })
    const cover = await makeCoverImage({
      path: path.join(opts.work, `cover-${crypto.randomBytes(3).toString('hex')}.jpg`),
      width: 64,
      height: 64,
      colour: '#446688',
    })
    fs.copyFileSync(cover, path.join(folder, 'cover.jpg'))
  }
}

/** The item at `folder` as the API shows it expanded, read fresh. */
export async function itemAt(t: TestApp, libraryId: string, folder: string): Promise<LibraryItem> {
  const repo = new ScanRepository(t.ctx.database.db)
  const ids = (await repo.itemIndex(libraryId)).map((e) => e.id)
  const items = await repo.loadItems(ids)
  const found = items.find((s) => path.resolve(s.row.path) === path.resolve(folder))
  if (!found) throw new Error(`no item at ${folder}`)
  return toExpandedItem(found.row, found.relations, found.episodes)
}

export function bookOf(item: LibraryItem): Book {
  if (item.mediaType !== 'book') throw new Error('not a book')
  return item.media
}

/** Waits until the task has finished (a state, not a pace: the ceiling is generous for a loaded machine). */
export async function finished(t: TestApp, taskId: string, timeoutMs = 90_000): Promise<Task> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const task = t.ctx.tasks.list().find((x) => x.id === taskId)
    if (task?.isFinished) return task
    if (Date.now() > until) throw new Error(`task ${taskId} did not finish: ${JSON.stringify(task)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** sha256 of every file in a folder (names → hashes), to prove files were left byte-identical. */
export function hashFolder(folder: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of fs.readdirSync(folder).sort()) {
    const p = path.join(folder, name)
    if (fs.statSync(p).isFile())
      out[name] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex')
  }
  return out
}
