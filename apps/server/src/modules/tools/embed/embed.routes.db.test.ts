import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Library, LibraryItem, Task, TasksResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, makeCoverImage, probeMedia } from '../../../../../../scripts/media/index.ts'
import { probeAudioFile } from '../../../scanner/audio-probe.ts'
import { createLibrary, itemsOf, makePodcastLibrary, settle } from '../../../scanner/test-library.ts'
import { connectSocket, type TestSocket } from '../../../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../../test-support/test-app.ts'
import { EMBED_FAILURES, EmbedFailure, embedItemMetadata, type EmbedHooks } from './embed-item.ts'

const BOOK = {
  mp3: 'Author One/Single Mp3',
  m4b: 'Author One/M4B Book',
  flac: 'Author One/Flac Book',
  ogg: 'Author One/Ogg Book',
  parts: 'Author One/Two Parts',
  readOnly: 'Author One/Read Only',
  queued: 'Author One/Queued',
  trouble: 'Author One/Cache Trouble',
} as const

const CHAPTERS = [
  { title: 'Opening', startSec: 0, endSec: 2 },
  { title: 'Middle', startSec: 2, endSec: 4 },
  { title: 'Ending', startSec: 4, endSec: 6 },
]

const METADATA = {
  title: 'The Embedded Book',
  subtitle: 'A Subtitle',
  authors: [{ name: 'Ann Author' }, { name: 'Bob Writer' }],
  narrators: ['Nora Narrator'],
  series: [{ name: 'Saga', sequence: '2' }],
  genres: ['Fantasy', 'Adventure'],
  publishedYear: '2001',
  publisher: 'Pub House',
  description: 'A story; with = signs # and\nnew lines.',
  isbn: '9780000000001',
  asin: 'B00TESTASIN',
  language: 'English',
}

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')

describe('embed metadata', () => {
  let t: TestApp
  let token: string
  let root: string
  let library: Library
  let podcastLibrary: Library
  let baseUrl: string
  let socket: TestSocket

  const item = async (rel: string): Promise<Extract<LibraryItem, { mediaType: 'book' }>> => {
    const found = (await itemsOf(t, library.id)).get(rel)
    if (found?.mediaType !== 'book') throw new Error(`no book at ${rel}`)
    return found
  }
  const at = (...parts: string[]) => path.join(root, ...parts)

  /** Waits for the task to finish (a ceiling, not a pace). */
  const finished = async (id: string): Promise<Task> => {
    for (let i = 0; i < 600; i++) {
      const task = t.ctx.tasks.list().find((x) => x.id === id)
      if (task?.isFinished) return task
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`task ${id} did not finish`)
  }
  const embed = async (id: string, query = '') => {
    const res = await t.call('POST', `/api/tools/item/${id}/embed-metadata${query}`, token)
    expect(res.statusCode, res.body).toBe(200)
    const task = await finished(res.json<{ task: Task }>().task.id)
    // The run's log explains a failure in the assertion message.
    return {
      ...task,
      error: task.error && `${task.error} ${JSON.stringify(t.ctx.toolRuns.latest(id).lines)}`,
    }
  }

  beforeAll(async () => {
    const dir = tempDir('shelfcast-embed-')
    root = path.join(dir, 'books')
    const work = path.join(dir, 'work')
    fs.mkdirSync(work, { recursive: true })
    const cover = await makeCoverImage({ path: path.join(work, 'cover.jpg'), width: 64, height: 48 })
    const withCover = (rel: string) => {
      fs.mkdirSync(at(rel), { recursive: true })
      fs.copyFileSync(cover, at(rel, 'cover.jpg'))
    }
    for (const [rel, ext] of [
      [BOOK.mp3, 'mp3'],
      [BOOK.m4b, 'm4b'],
      [BOOK.flac, 'flac'],
      [BOOK.ogg, 'ogg'],
    ] as const) {
      withCover(rel)
      await makeAudio({
        path: at(rel, `book.${ext}`),
        durationSec: 6,
        chapters: CHAPTERS,
        tags: { album: rel },
      })
    }
    withCover(BOOK.parts)
    for (const n of [1, 2]) {
      await makeAudio({
        path: at(BOOK.parts, `part ${n}.mp3`),
        durationSec: 3,
        tags: { album: 'Two Parts', track: n },
      })
    }
    await makeAudio({ path: at(BOOK.readOnly, 'ro.mp3'), durationSec: 2, tags: { album: 'Read Only' } })
    fs.chmodSync(at(BOOK.readOnly, 'ro.mp3'), 0o444)
    await makeAudio({ path: at(BOOK.queued, 'q.mp3'), durationSec: 2, tags: { album: 'Queued' } })
    await makeAudio({ path: at(BOOK.trouble, 't.mp3'), durationSec: 2, tags: { album: 'Trouble' } })

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
    const podcastRoot = path.join(dir, 'podcasts')
    await makePodcastLibrary(podcastRoot)
    podcastLibrary = await createLibrary(t, token, {
      name: 'Podcasts',
      folders: [{ fullPath: podcastRoot }],
      mediaType: 'podcast',
      settings: { disableWatcher: true },
    })
    await settle(t, podcastLibrary.id)
    baseUrl = await t.listen()
    socket = await connectSocket(baseUrl)
    expect((await socket.auth(token)).event).toBe('init')
  }, 120_000)
  afterAll(async () => {
    socket?.close()
    await t?.close()
  })

  it('writes ID3v2.4 tags, the cover and CHAP chapters into a one-file MP3 book, backing the original up', async () => {
    const before = await item(BOOK.mp3)
    const patched = await t.call('PATCH', `/api/items/${before.id}/media`, token, { metadata: METADATA })
    expect(patched.statusCode, patched.body).toBe(200)
    const file = at(BOOK.mp3, 'book.mp3')
    const original = sha(file)
    const originalIno = fs.statSync(file).ino

    const task = await embed(before.id)
    expect(task.isFailed, task.error ?? '').toBe(false)
    expect(task.action).toBe('embed-metadata')

    const probed = await probeMedia(file)
    expect(probed.tags).toMatchObject({
      title: 'The Embedded Book',
      album: 'The Embedded Book',
      artist: 'Ann Author, Bob Writer',
      album_artist: 'Ann Author, Bob Writer',
      composer: 'Nora Narrator',
      genre: 'Fantasy; Adventure',
      publisher: 'Pub House',
      series: 'Saga',
      'series-part': '2',
      asin: 'B00TESTASIN',
      isbn: '9780000000001',
      language: 'English',
      subtitle: 'A Subtitle',
    })
    expect(probed.tags.date).toMatch(/^2001/)
    expect(probed.tags.description ?? probed.tags.comment).toContain('with = signs # and')
    expect(probed.attachedPicture?.codec).toBe('mjpeg')
    expect(probed.chapters.map((c) => c.title)).toEqual(['Opening', 'Middle', 'Ending'])
    const id3 = fs.readFileSync(file).subarray(0, 10)
    expect(id3.subarray(0, 3).toString()).toBe('ID3')
    expect(id3[3]).toBe(4) // ID3v2.4
    expect(fs.readFileSync(file).includes(Buffer.from('CTOC'))).toBe(true)

    // The original is kept, byte for byte, in the item's cache folder (not in the library).
    const backup = path.join(t.config.metadataPath, 'cache', 'items', before.id, 'backup', 'book.mp3')
    expect(sha(backup)).toBe(original)
    expect(fs.readdirSync(at(BOOK.mp3)).sort()).toEqual(['book.mp3', 'cover.jpg'])

    // Same item, its stored file follows the new inode; the next scan finds nothing new or changed.
    const after = await item(BOOK.mp3)
    expect(after.id).toBe(before.id)
    expect(fs.statSync(file).ino).not.toBe(originalIno)
    expect(after.media.audioFiles[0]?.ino).toBe(String(fs.statSync(file).ino))
    expect(after.media.metadata.title).toBe('The Embedded Book')
    const rescan = await settle(t, library.id)
    expect(rescan).toMatchObject({ added: 0, updated: 0 })
  })

  it('writes atoms, the cover and chapters into an M4B', async () => {
    const m4b = await item(BOOK.m4b)
    await t.call('PATCH', `/api/items/${m4b.id}/media`, token, { metadata: METADATA })
    const task = await embed(m4b.id, '?backup=0')
    expect(task.isFailed, task.error ?? '').toBe(false)
    const probed = await probeMedia(at(BOOK.m4b, 'book.m4b'))
    expect(probed.tags).toMatchObject({
      title: 'The Embedded Book',
      artist: 'Ann Author, Bob Writer',
      composer: 'Nora Narrator',
      grouping: 'Saga #2',
      // ffmpeg's muxer has no atom for these: they are iTunes freeform atoms written after it.
      publisher: 'Pub House',
      series: 'Saga',
      'series-part': '2',
      asin: 'B00TESTASIN',
      isbn: '9780000000001',
      language: 'English',
      subtitle: 'A Subtitle',
    })
    expect(probed.attachedPicture).not.toBeNull()
    expect(probed.chapters.map((c) => c.title)).toEqual(['Opening', 'Middle', 'Ending'])
    const file = at(BOOK.m4b, 'book.m4b')
    const read = await probeAudioFile(file, fs.statSync(file).size, { ffprobePath: t.config.ffprobePath })
    expect(read.tags).toMatchObject({
      publisher: 'Pub House',
      series: 'Saga',
      seriesPart: '2',
      asin: 'B00TESTASIN',
      isbn: '9780000000001',
      language: 'English',
      subtitle: 'A Subtitle',
    })
    expect(spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']).status).toBe(0)
    // The fields stay on the item after its rescan.
    const after = await item(BOOK.m4b)
    expect(after.media.metadata).toMatchObject({
      publisher: 'Pub House',
      asin: 'B00TESTASIN',
      subtitle: 'A Subtitle',
    })
    expect(after.media.metadata.series).toMatchObject([{ name: 'Saga', sequence: '2' }])
    // backup=0: nothing copied.
    expect(fs.existsSync(path.join(t.config.metadataPath, 'cache', 'items', m4b.id, 'backup'))).toBe(false)
  })

  it('writes Vorbis comments, the picture and CHAPTERnnn comments into a FLAC', async () => {
    const flac = await item(BOOK.flac)
    await t.call('PATCH', `/api/items/${flac.id}/media`, token, { metadata: METADATA })
    const task = await embed(flac.id)
    expect(task.isFailed, task.error ?? '').toBe(false)
    const probed = await probeMedia(at(BOOK.flac, 'book.flac'))
    expect(probed.tags).toMatchObject({
      title: 'The Embedded Book',
      artist: 'Ann Author, Bob Writer',
      composer: 'Nora Narrator',
      series: 'Saga',
      asin: 'B00TESTASIN',
    })
    expect(probed.attachedPicture).not.toBeNull()
    expect(probed.chapters.map((c) => c.title)).toEqual(['Opening', 'Middle', 'Ending'])
  })

  it('writes Vorbis comments, the cover as METADATA_BLOCK_PICTURE and chapters into an Ogg Vorbis file', async () => {
    const ogg = await item(BOOK.ogg)
    await t.call('PATCH', `/api/items/${ogg.id}/media`, token, { metadata: METADATA })
    const task = await embed(ogg.id)
    expect(task.isFailed, task.error ?? '').toBe(false)
    const probed = await probeMedia(at(BOOK.ogg, 'book.ogg'))
    expect(probed.tags).toMatchObject({
      title: 'The Embedded Book',
      composer: 'Nora Narrator',
      series: 'Saga',
    })
    expect(probed.attachedPicture?.codec).toBe('mjpeg')
    expect(probed.chapters.map((c) => c.title)).toEqual(['Opening', 'Middle', 'Ending'])
  })

  it('gives each file of a multi-file book its own chapters only when forced, and reports each track', async () => {
    const parts = await item(BOOK.parts)
    const chapters = [
      { id: 0, start: 0, end: 1.5, title: 'One' },
      { id: 1, start: 1.5, end: 4, title: 'Two' },
      { id: 2, start: 4, end: 6, title: 'Three' },
    ]
    const set = await t.call('POST', `/api/items/${parts.id}/chapters`, token, { chapters })
    expect(set.statusCode, set.body).toBe(200)
    const plain = await embed(parts.id)
    expect(plain.isFailed, plain.error ?? '').toBe(false)
    expect((await probeMedia(at(BOOK.parts, 'part 1.mp3'))).chapters).toEqual([])

    // track_* events name each file by the inode it had when its write began.
    const beforeForced = await item(BOOK.parts)
    const forced = await embed(parts.id, '?forceEmbedChapters=1')
    expect(forced.isFailed, forced.error ?? '').toBe(false)
    const first = await probeMedia(at(BOOK.parts, 'part 1.mp3'))
    const second = await probeMedia(at(BOOK.parts, 'part 2.mp3'))
    expect(first.chapters.map((c) => c.title)).toEqual(['One', 'Two'])
    expect(second.chapters.map((c) => c.title)).toEqual(['Two', 'Three'])
    // Times are relative to each file: "Three" starts at 4 s of the book, less the first file's length.
    const firstDuration = parts.media.audioFiles[0]?.duration ?? 0
    expect(second.chapters[1]?.startSec).toBeCloseTo(4 - firstDuration, 2)
    expect(second.chapters[0]?.startSec).toBe(0)
    expect(first.tags.track).toBe('1/2')
    for (const f of beforeForced.media.audioFiles) {
      const match = (p: unknown) => (p as { ino: string }).ino === f.ino
      await socket.waitUntil(
        () => socket.received('track_finished').some(match),
        `track_finished for ${f.metadata.filename}`,
      )
    }
    expect(socket.received('track_started').length).toBeGreaterThanOrEqual(2)
  })

  it('fails with "audio file not writable" on a read-only file and leaves it untouched', async () => {
    const ro = await item(BOOK.readOnly)
    const file = at(BOOK.readOnly, 'ro.mp3')
    const before = sha(file)
    const task = await embed(ro.id)
    expect(task.isFailed).toBe(true)
    expect(task.error).toMatch(/^audio file not writable /)
    expect(sha(file)).toBe(before)
    const log = await t.ctx.toolRuns.latest(ro.id)
    expect(log.lines.some((l) => l.level === 'error')).toBe(true)
  })

  it('fails with the §8 messages when the cache folder or the backup cannot be made, the original untouched', async () => {
    const trouble = await item(BOOK.trouble)
    const file = at(BOOK.trouble, 't.mp3')
    const before = sha(file)
    const cacheDir = path.join(t.config.metadataPath, 'cache', 'items', trouble.id)
    fs.mkdirSync(path.dirname(cacheDir), { recursive: true })
    fs.writeFileSync(cacheDir, 'a file where the folder should be')
    const noCache = await embed(trouble.id)
    expect(noCache.isFailed).toBe(true)
    expect(noCache.error).toMatch(/^failed to create cache directory /)
    expect(sha(file)).toBe(before)

    fs.rmSync(cacheDir)
    // A folder where the backup copy must go: the copy cannot be renamed into place.
    fs.mkdirSync(path.join(cacheDir, 'backup', 't.mp3'), { recursive: true })
    const noBackup = await embed(trouble.id)
    expect(noBackup.isFailed).toBe(true)
    expect(noBackup.error).toMatch(/^failed to back up audio file /)
    expect(sha(file)).toBe(before)
    expect(fs.readdirSync(at(BOOK.trouble))).toEqual(['t.mp3'])
    // Nothing of the run is left in the cache folder but the backup folder.
    expect(fs.readdirSync(cacheDir)).toEqual(['backup'])
  })

  it('fails with "failed to write metadata file" when ffmpeg fails or cannot start, logging why', async () => {
    const mp3 = await item(BOOK.mp3)
    const file = at(BOOK.mp3, 'book.mp3')
    const before = sha(file)
    const dir = tempDir('shelfcast-embed-ffmpeg-')
    // Stands in for ffmpeg: reports half of the 6 s file written, then fails the way ffmpeg does.
    const failing = path.join(dir, 'ffmpeg')
    fs.writeFileSync(
      failing,
      '#!/bin/sh\necho out_time_us=3000000\necho "line one" >&2\necho "Invalid data found" >&2\nexit 1\n',
    )
    fs.chmodSync(failing, 0o755)
    const attempt = async (ffmpegPath: string) => {
      const logs: string[] = []
      const percents: number[] = []
      const hooks: EmbedHooks = {
        log: (level, message) => logs.push(`${level} ${message}`),
        trackStarted: () => undefined,
        trackProgress: (_ino, percent) => percents.push(percent),
        trackFinished: () => undefined,
        progress: () => undefined,
      }
      const env = { ffmpegPath, ffprobePath: 'ffprobe', metadataPath: t.config.metadataPath }
      const error = await embedItemMetadata(
        mp3,
        { forceEmbedChapters: false, backup: false },
        env,
        hooks,
      ).then(
        () => null,
        (err: unknown) => err,
      )
      expect(error).toBeInstanceOf(EmbedFailure)
      expect((error as Error).message).toBe(EMBED_FAILURES.writeFailed)
      return { logs, percents }
    }

    const failed = await attempt(failing)
    expect(failed.logs).toContain('error book.mp3: ffmpeg exited 1: line one Invalid data found')
    expect(failed.percents[0]).toBeCloseTo(50, 0)
    expect(failed.percents).not.toContain(100)

    const missing = path.join(dir, 'no-ffmpeg-here')
    const notStarted = await attempt(missing)
    expect(notStarted.logs).toContain(`error book.mp3: spawn ${missing} ENOENT`)
    expect(sha(file)).toBe(before)
    const cacheDir = path.join(t.config.metadataPath, 'cache', 'items', mp3.id)
    expect(fs.readdirSync(cacheDir).filter((f) => f.startsWith('embed-'))).toEqual([])
  })

  it('answers 409 while another tool holds the item, 404 for an unknown id, 400 for a podcast', async () => {
    const mp3 = await item(BOOK.mp3)
    const run = t.ctx.toolRuns.begin(mp3.id)
    expect(run).not.toBeNull()
    try {
      const res = await t.call('POST', `/api/tools/item/${mp3.id}/embed-metadata`, token)
      expect(res.statusCode).toBe(409)
    } finally {
      run?.end()
    }
    expect((await t.call('POST', '/api/tools/item/nope/embed-metadata', token)).statusCode).toBe(404)
    const podcast = [...(await itemsOf(t, podcastLibrary.id)).values()][0]
    if (!podcast) throw new Error('no podcast')
    const single = await t.call('POST', `/api/tools/item/${podcast.id}/embed-metadata`, token)
    expect(single.statusCode).toBe(400)
    const batch = await t.call('POST', '/api/tools/batch/embed-metadata', token, {
      libraryItemIds: [mp3.id, podcast.id],
    })
    expect(batch.statusCode).toBe(400)
    const unknown = await t.call('POST', '/api/tools/batch/embed-metadata', token, {
      libraryItemIds: [mp3.id, 'nope'],
    })
    expect(unknown.statusCode).toBe(404)
    // Nothing was queued by the refused batches.
    const tasks = await t.call('GET', '/api/tasks?include=queue', token)
    expect(tasks.json<TasksResponse>().queuedTaskData?.embedMetadata).toEqual([])
  })

  it('queues a batch one item at a time, lists it in /api/tasks?include=queue and drains it', async () => {
    const a = await item(BOOK.queued)
    const b = await item(BOOK.mp3)
    const res = await t.call('POST', '/api/tools/batch/embed-metadata', token, {
      libraryItemIds: [a.id, b.id, a.id],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ numQueued: 2 })
    const listed = await t.call('GET', '/api/tasks?include=queue', token)
    expect(listed.json<TasksResponse>().queuedTaskData?.embedMetadata).toEqual([
      { libraryItemId: a.id },
      { libraryItemId: b.id },
    ])
    // Already queued: skipped.
    const again = await t.call('POST', '/api/tools/batch/embed-metadata', token, { libraryItemIds: [b.id] })
    expect(again.json()).toEqual({ numQueued: 0 })

    type QueueUpdate = { libraryItemId: string; queued: boolean }
    for (const id of [a.id, b.id]) {
      await socket.waitFor<QueueUpdate>(
        'metadata_embed_queue_update',
        (p) => p.libraryItemId === id && p.queued,
      )
      await socket.waitFor<QueueUpdate>(
        'metadata_embed_queue_update',
        (p) => p.libraryItemId === id && !p.queued,
        60_000,
      )
    }
    const drained = await t.call('GET', '/api/tasks?include=queue', token)
    expect(drained.json<TasksResponse>().queuedTaskData?.embedMetadata).toEqual([])
    const probed = await probeMedia(at(BOOK.queued, 'q.mp3'))
    expect(probed.tags.title).toBe('Queued')
    expect(probed.attachedPicture).toBeNull()
    const embeds = t.ctx.tasks
      .list()
      .filter((x) => x.action === 'embed-metadata' && x.data.libraryItemId === a.id)
    expect(embeds.some((x) => x.isFinished && !x.isFailed)).toBe(true)
  })
})
