import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Library, Task, ToolTaskResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { finished, hashFolder, itemAt, makeToolBook } from './tools-test-books.ts'

/**
 * The encoder under the Reliability lines: a read-only folder, a full disk, ffmpeg killed (cancel and from
 * outside), a file changed mid-run. Each time the task fails with its §8 message, the originals are byte-identical
 * and no partial file is left in the item folder. Mounts need root (the test machine's user); when the kernel
 * refuses them the test says so and is skipped.
 */

const mounted: string[] = []
function tryMount(args: string[]): string | null {
  try {
    execFileSync('mount', args, { stdio: 'pipe' })
    return null
  } catch (err) {
    return err instanceof Error ? (err.message.split('\n')[0] ?? 'mount failed') : 'mount failed'
  }
}

/** Our own ffmpeg child working for this item (found by its parent pid and the item's cache folder). */
function ffmpegChildOf(itemId: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid !== process.pid) continue
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (cmd.includes('ffmpeg') && cmd.includes(`items/${itemId}/encode-`)) return Number(entry)
    } catch {
      // The process ended while we looked.
    }
  }
  return null
}

describe('encoder reliability', () => {
  let t: TestApp
  let token: string
  let library: Library
  const dir = tempDir('shelfcast-tools-rel-')
  const root = path.join(dir, 'books')
  const work = path.join(dir, 'work')
  const folder = (name: string) => path.join(root, 'Rel Author', name)
  const mountRefused: Record<string, string | null> = {}

  const start = async (name: string, query = '') => {
    const item = await itemAt(t, library.id, folder(name))
    const res = await t.call('POST', `/api/tools/item/${item.id}/encode-m4b${query}`, token)
    expect(res.statusCode, res.body).toBe(200)
    return { item, task: res.json<ToolTaskResponse>().task }
  }
  /** Waits until ffmpeg is about to run (the run logged its plan): the checks before any work have passed. */
  const merging = async (itemId: string) => {
    const until = Date.now() + 60_000
    while (!t.ctx.toolRuns.latest(itemId).lines.some((l) => l.message.startsWith('Merging'))) {
      if (Date.now() > until) throw new Error('the merge never started')
      await new Promise((r) => setTimeout(r, 5))
    }
  }
  const leftovers = (name: string) =>
    fs.readdirSync(folder(name)).filter((n) => n.startsWith('.') || n.endsWith('.m4b'))
  const expectFailed = (task: Task, key: string) => {
    expect(task.isFailed, JSON.stringify(task)).toBe(true)
    expect(task.errorKey).toBe(key)
  }

  beforeAll(async () => {
    // Long enough books (3 × 2 min) that a run can be interrupted while ffmpeg works.
    for (const name of ['Killed', 'Changed', 'Read Only'])
      await makeToolBook(folder(name), { title: name, seconds: name === 'Read Only' ? 2 : 120, work })
    // A small disk of its own for two books: one too full to start, one filled while ffmpeg runs.
    for (const [name, size] of [
      ['Full Disk', '1m'],
      ['Fills Up', '24m'],
    ] as const) {
      fs.mkdirSync(folder(name), { recursive: true })
      mountRefused[name] = tryMount(['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder(name)])
      if (!mountRefused[name]) mounted.push(folder(name))
      await makeToolBook(folder(name), { title: name, seconds: name === 'Fills Up' ? 120 : 2, work })
    }
    const app = await createInitialisedApp()
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, token, {
      name: 'Books',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    // Read-only after the scan: a bind mount of the folder onto itself, remounted read-only (root passes chmod).
    mountRefused['Read Only'] =
      tryMount(['--bind', folder('Read Only'), folder('Read Only')]) ??
      (mounted.push(folder('Read Only')), tryMount(['-o', 'remount,bind,ro', folder('Read Only')]))
  })
  afterAll(async () => {
    await t?.close()
    for (const m of mounted.reverse()) execFileSync('umount', [m], { stdio: 'pipe' })
  })

  it('a read-only item folder fails with "target directory not writable" before any work', async (ctx) => {
    if (mountRefused['Read Only']) ctx.skip(`read-only bind mount refused: ${mountRefused['Read Only']}`)
    const originals = hashFolder(folder('Read Only'))
    const { item, task } = await start('Read Only')
    expectFailed(await finished(t, task.id), 'MessageTaskTargetDirectoryNotWritable')
    expect(t.ctx.toolRuns.latest(item.id).lines.some((l) => l.message.startsWith('Merging'))).toBe(false)
    expect(hashFolder(folder('Read Only'))).toEqual(originals)
  })

  it('a disk too full for the new file fails before any work, originals untouched', async (ctx) => {
    if (mountRefused['Full Disk']) ctx.skip(`tmpfs mount refused: ${mountRefused['Full Disk']}`)
    const originals = hashFolder(folder('Full Disk'))
    const { item, task } = await start('Full Disk')
    expectFailed(await finished(t, task.id), 'MessageTaskNotEnoughDiskSpace')
    expect(t.ctx.toolRuns.latest(item.id).lines.some((l) => l.message.startsWith('Merging'))).toBe(false)
    expect(hashFolder(folder('Full Disk'))).toEqual(originals)
    expect(leftovers('Full Disk')).toEqual([])
  })

  it('a disk that fills up during the run fails at the move: no partial file, originals untouched', async (ctx) => {
    if (mountRefused['Fills Up']) ctx.skip(`tmpfs mount refused: ${mountRefused['Fills Up']}`)
    const originals = hashFolder(folder('Fills Up'))
    const { item, task } = await start('Fills Up', '?bitrate=64k')
    await merging(item.id)
    // Everything but a few kB goes to a filler: the new file (≈ 3 MB) cannot be written into the folder.
    const free = await fs.promises.statfs(folder('Fills Up'))
    const filler = path.join(folder('Fills Up'), '.filler')
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free.bavail * free.bsize - 16 * 1024)))
    expectFailed(await finished(t, task.id), 'MessageTaskFailedToMoveM4bFile')
    fs.rmSync(filler)
    expect(hashFolder(folder('Fills Up'))).toEqual(originals)
    expect(leftovers('Fills Up')).toEqual([])
    // Nothing was replaced, so nothing is kept: no work folder, no backup of this run in the metadata cache.
    const cache = path.join(t.config.metadataPath, 'cache', 'items', item.id)
    const kept = fs.existsSync(path.join(cache, 'backup')) ? fs.readdirSync(path.join(cache, 'backup')) : []
    expect([...fs.readdirSync(cache).filter((n) => n.startsWith('encode-')), ...kept]).toEqual([])
  })

  it('ffmpeg killed from outside: the task fails, originals byte-identical, no partial file anywhere', async () => {
    const originals = hashFolder(folder('Killed'))
    const { item, task } = await start('Killed', '?bitrate=320k&sampleRate=48000')
    await merging(item.id)
    const until = Date.now() + 30_000
    let pid = ffmpegChildOf(item.id)
    while (!pid && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 5))
      pid = ffmpegChildOf(item.id)
    }
    expect(pid, 'the encode finished before ffmpeg could be killed').not.toBeNull()
    process.kill(pid ?? 0, 'SIGKILL')
    const done = await finished(t, task.id)
    expectFailed(done, 'MessageTaskFailedToMergeAudioFiles')
    expect(
      t.ctx.toolRuns
        .latest(item.id)
        .lines.map((l) => l.message)
        .join('\n'),
    ).toMatch(/killed by SIGKILL/)
    expect(hashFolder(folder('Killed'))).toEqual(originals)
    expect(leftovers('Killed')).toEqual([])
    const cache = path.join(t.config.metadataPath, 'cache', 'items', item.id)
    expect(fs.readdirSync(cache).filter((n) => n.startsWith('encode-'))).toEqual([])
  })

  it('an input changed during the run (size and mtime differ) fails without replacing anything', async () => {
    const before = fs.readdirSync(folder('Changed')).sort()
    const { item, task } = await start('Changed', '?bitrate=64k')
    await merging(item.id)
    const changed = path.join(folder('Changed'), 'part 2.mp3')
    const originals = hashFolder(folder('Changed'))
    fs.appendFileSync(changed, Buffer.alloc(1024))
    fs.utimesSync(changed, new Date(), new Date(Date.now() + 5000))
    const done = await finished(t, task.id)
    expectFailed(done, 'MessageTaskFailedToMergeAudioFiles')
    expect(
      t.ctx.toolRuns
        .latest(item.id)
        .lines.map((l) => l.message)
        .join('\n'),
    ).toMatch(/changed during the run/)
    expect(fs.readdirSync(folder('Changed')).sort()).toEqual(before)
    const now = hashFolder(folder('Changed'))
    for (const name of before.filter((n) => n !== 'part 2.mp3')) expect(now[name]).toBe(originals[name])
  })
})
