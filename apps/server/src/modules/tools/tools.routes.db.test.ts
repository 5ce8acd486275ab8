import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Library, OpenPlaybackSession, ToolRunLog, ToolTaskResponse } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeAudio, probeMedia } from '../../../../../scripts/media/index.ts'
import { probeAudioFile } from '../../scanner/audio-probe.ts'
import { createLibrary, settle } from '../../scanner/test-library.ts'
import { createInitialisedApp, tempDir, type TestApp } from '../../test-support/test-app.ts'
import { bookOf, finished, hashFolder, itemAt, makeToolBook } from './tools-test-books.ts'

describe('audio tools: encode to M4B, cancel, split, log', () => {
  let t: TestApp
  let token: string
  let library: Library
  const dir = tempDir('shelfcast-tools-')
  const root = path.join(dir, 'books')
  const work = path.join(dir, 'work')
  const folder = (name: string) => path.join(root, 'Tool Author', name)
  const encode = (id: string, query = '') => t.call('POST', `/api/tools/item/${id}/encode-m4b${query}`, token)

  beforeAll(async () => {
    await makeToolBook(folder('Three Mp3'), { title: 'Three Mp3', work })
    await makeToolBook(folder('Aac Parts'), { title: 'Aac Parts', format: 'm4a', work })
    await makeToolBook(folder('Hostile'), { title: 'Hostile', parts: 2, seconds: 1, work })
    await makeToolBook(folder('To Cancel'), { title: 'To Cancel', parts: 3, seconds: 240, work })
    await makeAudio({
      path: path.join(folder('One M4b'), 'book.m4b'),
      durationSec: 6,
      chapters: [
        { title: 'Opening', startSec: 0, endSec: 2 },
        { title: 'Middle / Part', startSec: 2, endSec: 4 },
        { title: 'Ending', startSec: 4, endSec: 6 },
      ],
      tags: { album: 'One M4b', artist: 'Tool Author' },
    })
    fs.copyFileSync(path.join(folder('Hostile'), 'cover.jpg'), path.join(folder('One M4b'), 'cover.jpg'))
    // Long chapters, so the split is still under way when it is cancelled.
    await makeAudio({
      path: path.join(folder('Long M4b'), 'long.m4b'),
      durationSec: 1200,
      chapters: [0, 1, 2, 3].map((c) => ({
        title: `Part ${c + 1}`,
        startSec: c * 300,
        endSec: (c + 1) * 300,
      })),
      tags: { album: 'Long M4b', artist: 'Tool Author' },
    })
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
  })
  afterAll(async () => t?.close())

  it('merges a 3-file MP3 book into one M4B with tags, cover and 3 chapters that then plays as one track', async () => {
    const before = await itemAt(t, library.id, folder('Three Mp3'))
    const originals = hashFolder(folder('Three Mp3'))
    await t.call('PATCH', `/api/items/${before.id}/media`, token, {
      metadata: {
        title: 'Three Mp3',
        subtitle: 'A Subtitle',
        narrators: ['Nora Narrator'],
        genres: ['Fantasy', 'Adventure'],
        publishedYear: '2001',
        publisher: 'Tool Press',
        description: '<p>Once upon a time</p>',
        series: [{ name: 'Tool Series', sequence: '2' }],
        asin: 'B00TOOLASN',
        isbn: '9780000000002',
        language: 'English',
      },
    })
    const emitted = vi.spyOn(t.ctx.realtime, 'toAdmins')
    const res = await encode(before.id, '?bitrate=64k&channels=1&chapters=files')
    expect(res.statusCode).toBe(200)
    const { task } = res.json<ToolTaskResponse>()
    expect(task.action).toBe('encode-m4b')
    expect(task.data.libraryItemId).toBe(before.id)
    const done = await finished(t, task.id)
    expect(done.isFailed, done.error ?? '').toBe(false)
    // Each input file is announced as the merge passes through it, in track order.
    const inos = bookOf(before).audioFiles.map((f) => f.ino)
    const trackEvents = (name: string) =>
      emitted.mock.calls
        .filter(([event]) => event === name)
        .map(([, payload]) => (payload as { ino: string }).ino)
    expect(trackEvents('track_started')).toEqual(inos)
    expect(trackEvents('track_finished')).toEqual(inos)
    // At least each file's 100 % (ffmpeg reports twice a second: a short file may see nothing in between).
    expect(trackEvents('track_progress').length).toBeGreaterThanOrEqual(3)
    emitted.mockRestore()

    const names = fs.readdirSync(folder('Three Mp3')).sort()
    expect(names).toEqual(['Three Mp3.m4b', 'cover.jpg'])
    const m4b = path.join(folder('Three Mp3'), 'Three Mp3.m4b')
    const info = await probeMedia(m4b)
    expect(info.audio?.codec).toBe('aac')
    expect(info.audio?.channels).toBe(1)
    expect(info.attachedPicture).not.toBeNull()
    expect(info.chapters.map((c) => c.title)).toEqual(['Part 1', 'Part 2', 'Part 3'])
    expect(info.durationSec).toBeGreaterThan(8.8)
    expect(info.tags).toMatchObject({
      title: 'Three Mp3',
      album: 'Three Mp3',
      artist: 'Tool Author',
      album_artist: 'Tool Author',
      composer: 'Nora Narrator',
      genre: 'Fantasy; Adventure',
      date: '2001',
      description: 'Once upon a time',
      grouping: 'Tool Series #2',
      // iTunes freeform atoms, written after ffmpeg (its MP4 muxer has no atom for them).
      publisher: 'Tool Press',
      subtitle: 'A Subtitle',
      series: 'Tool Series',
      'series-part': '2',
      asin: 'B00TOOLASN',
      isbn: '9780000000002',
      language: 'English',
    })
    expect(spawnSync('ffmpeg', ['-v', 'error', '-i', m4b, '-f', 'null', '-']).status).toBe(0)
    const read = await probeAudioFile(m4b, fs.statSync(m4b).size, { ffprobePath: t.config.ffprobePath })
    expect(read.tags).toMatchObject({
      publisher: 'Tool Press',
      subtitle: 'A Subtitle',
      series: 'Tool Series',
      seriesPart: '2',
      asin: 'B00TOOLASN',
      isbn: '9780000000002',
      language: 'English',
    })

    // The originals are kept byte for byte in the item's backup folder of the metadata cache.
    const backups = path.join(t.config.metadataPath, 'cache', 'items', before.id, 'backup')
    const [backup] = fs.readdirSync(backups)
    const kept = hashFolder(path.join(backups, backup ?? ''))
    for (const [name, hash] of Object.entries(originals))
      if (name.endsWith('.mp3')) expect(kept[name]).toBe(hash)

    const after = bookOf(await itemAt(t, library.id, folder('Three Mp3')))
    expect(after.audioFiles.map((f) => f.metadata.filename)).toEqual(['Three Mp3.m4b'])
    expect(after.chapters).toHaveLength(3)
    const play = await t.call('POST', `/api/items/${before.id}/play`, token, {
      deviceInfo: { deviceId: 'tools-test', clientName: 'Abs Web', clientVersion: '2.36.0' },
      supportedMimeTypes: ['audio/mp4', 'audio/mpeg'],
    })
    expect(play.statusCode).toBe(200)
    expect(play.json<OpenPlaybackSession>().audioTracks).toHaveLength(1)

    const log = await t.call('GET', `/api/tools/item/${before.id}/log`, token)
    expect(log.statusCode).toBe(200)
    const body = log.json<ToolRunLog>()
    expect(body.task?.id).toBe(task.id)
    expect(body.lines.map((l) => l.message).join('\n')).toMatch(/Replaced 3 files with Three Mp3\.m4b/)

    // Now one M4B: encoding again is refused.
    const again = await encode(before.id)
    expect(again.statusCode).toBe(400)
    expect(again.body).toMatch(/already a single M4B/)
  })

  it('copies AAC inputs of one shape without re-encoding', async () => {
    const item = await itemAt(t, library.id, folder('Aac Parts'))
    const res = await encode(item.id, '?codec=copy')
    const done = await finished(t, res.json<ToolTaskResponse>().task.id)
    expect(done.isFailed, done.error ?? '').toBe(false)
    const log = (await t.call('GET', `/api/tools/item/${item.id}/log`, token)).json<ToolRunLog>()
    expect(log.lines.map((l) => l.message).join('\n')).toMatch(/with codec copy/)
    const info = await probeMedia(path.join(folder('Aac Parts'), 'Aac Parts.m4b'))
    expect(info.audio?.codec).toBe('aac')
    expect(info.chapters).toHaveLength(3)
  })

  it('cancels a running encode: ffmpeg stops, no partial file, originals byte-identical, one run at a time', async () => {
    const item = await itemAt(t, library.id, folder('To Cancel'))
    const originals = hashFolder(folder('To Cancel'))
    const res = await encode(item.id, '?bitrate=320k&sampleRate=48000')
    expect(res.statusCode).toBe(200)
    const { task } = res.json<ToolTaskResponse>()
    // A second run on the same item while the first holds it.
    expect((await encode(item.id)).statusCode).toBe(409)
    // Cancel once ffmpeg is under way (the task reports progress).
    const until = Date.now() + 60_000
    while ((t.ctx.tasks.list().find((x) => x.id === task.id)?.progress ?? 0) < 1 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20))
    const cancel = await t.call('DELETE', `/api/tools/item/${item.id}/encode-m4b`, token)
    expect(cancel.statusCode).toBe(200)
    const done = await finished(t, task.id)
    expect(done.errorKey).toBe('MessageTaskCanceledByUser')
    expect(hashFolder(folder('To Cancel'))).toEqual(originals)
    const cache = path.join(t.config.metadataPath, 'cache', 'items', item.id)
    expect(fs.readdirSync(cache).filter((n) => n.startsWith('encode-'))).toEqual([])
    expect((await t.call('DELETE', `/api/tools/item/${item.id}/encode-m4b`, token)).statusCode).toBe(404)
  })

  it('splits a one-file M4B into numbered, tagged MP3s in a new folder beside it, scanned in as a new book', async () => {
    const item = await itemAt(t, library.id, folder('One M4b'))
    const res = await t.call('POST', `/api/tools/item/${item.id}/split-m4b`, token, { bitrate: '64k' })
    expect(res.statusCode).toBe(200)
    const { task } = res.json<ToolTaskResponse>()
    expect(task.action).toBe('split-m4b')
    const done = await finished(t, task.id)
    expect(done.isFailed, done.error ?? '').toBe(false)
    const target = folder('One M4b (MP3)')
    expect(fs.readdirSync(target).sort()).toEqual([
      '01 - Opening.mp3',
      '02 - Middle Part.mp3',
      '03 - Ending.mp3',
    ])
    const first = await probeMedia(path.join(target, '01 - Opening.mp3'))
    expect(first.tags).toMatchObject({
      title: 'Opening',
      album: 'One M4b',
      artist: 'Tool Author',
      track: '1/3',
    })
    expect(first.durationSec).toBeGreaterThan(1.8)
    expect(first.attachedPicture).not.toBeNull()
    expect(fs.existsSync(path.join(folder('One M4b'), 'book.m4b'))).toBe(true)
    const added = bookOf(await itemAt(t, library.id, target))
    expect(added.audioFiles).toHaveLength(3)
    // The folder exists now: a second split is refused before any work.
    const again = await t.call('POST', `/api/tools/item/${item.id}/split-m4b`, token, {})
    expect(again.statusCode).toBe(400)
  })

  it('cancels a running split: ffmpeg stops, no new folder anywhere, the book untouched; 404 when none runs', async () => {
    const item = await itemAt(t, library.id, folder('Long M4b'))
    const cancelSplit = () => t.call('DELETE', `/api/tools/item/${item.id}/split-m4b`, token)
    expect((await cancelSplit()).statusCode).toBe(404)
    const original = hashFolder(folder('Long M4b'))
    const beside = fs.readdirSync(path.join(root, 'Tool Author')).sort()
    const res = await t.call('POST', `/api/tools/item/${item.id}/split-m4b`, token, { bitrate: '320k' })
    expect(res.statusCode).toBe(200)
    const { task } = res.json<ToolTaskResponse>()
    // Only the matching tool is cancelled: the encode route has nothing to stop.
    expect((await t.call('DELETE', `/api/tools/item/${item.id}/encode-m4b`, token)).statusCode).toBe(404)
    const cache = path.join(t.config.metadataPath, 'cache', 'items', item.id)
    const until = Date.now() + 60_000
    while ((t.ctx.tasks.list().find((x) => x.id === task.id)?.progress ?? 0) < 1 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20))
    expect(fs.readdirSync(cache).filter((n) => n.startsWith('split-'))).toHaveLength(1)
    const cancel = await cancelSplit()
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json<ToolTaskResponse>().task.isFinished).toBe(true)
    const done = await finished(t, task.id)
    expect(done.isFailed).toBe(false)
    expect(done.errorKey).toBe('MessageTaskCanceledByUser')
    expect(fs.existsSync(path.join(root, 'Tool Author', 'Long M4b (MP3)'))).toBe(false)
    expect(fs.readdirSync(path.join(root, 'Tool Author')).sort()).toEqual(beside)
    expect(hashFolder(folder('Long M4b'))).toEqual(original)
    expect(fs.readdirSync(cache).filter((n) => n.startsWith('split-'))).toEqual([])
    expect(t.ctx.toolRuns.isBusy(item.id)).toBe(false)
    expect((await cancelSplit()).statusCode).toBe(404)
  })

  it('names the M4B from a hostile title by the §5 rule, inside the item folder', async () => {
    const item = await itemAt(t, library.id, folder('Hostile'))
    const title = `../../CON/${'é'.repeat(150)}`
    expect(
      (await t.call('PATCH', `/api/items/${item.id}/media`, token, { metadata: { title } })).statusCode,
    ).toBe(200)
    const around = fs.readdirSync(root).sort()
    const done = await finished(t, (await encode(item.id)).json<ToolTaskResponse>().task.id)
    expect(done.isFailed, done.error ?? '').toBe(false)
    const [m4b] = fs.readdirSync(folder('Hostile')).filter((n) => n.endsWith('.m4b'))
    expect(m4b?.startsWith('CONéé')).toBe(true)
    expect(new TextEncoder().encode(m4b).length).toBeLessThanOrEqual(255)
    expect(fs.readdirSync(root).sort()).toEqual(around)
  })

  it("removes a dead run's work folders from the item cache, and nothing else", async () => {
    const cache = path.join(t.config.metadataPath, 'cache', 'items', 'some-item')
    for (const name of [
      'encode-1700000000000-0a1b2c3d',
      'split-1700000000000-deadbeef',
      'backup',
      'cover.jpg',
    ])
      fs.mkdirSync(path.join(cache, name), { recursive: true })
    expect(await t.ctx.tools.sweepStaleWork()).toBe(2)
    expect(fs.readdirSync(cache).sort()).toEqual(['backup', 'cover.jpg'])
  })

  it('refuses unknown items, bad options and non-admins with 4xx', async () => {
    expect((await encode('no-such-item')).statusCode).toBe(404)
    const item = await itemAt(t, library.id, folder('One M4b'))
    expect((await encode(item.id, '?bitrate=9000k')).statusCode).toBe(400)
    expect((await encode(item.id, '?channels=6')).statusCode).toBe(400)
    expect((await encode(item.id)).statusCode).toBe(400)
    expect((await t.call('GET', '/api/tools/item/no-such-item/log', token)).statusCode).toBe(404)
    await t.createUser(token, { username: 'plain', password: 'plain-password', type: 'user' })
    const plain = await t.login('plain', 'plain-password')
    expect(
      (await t.call('POST', `/api/tools/item/${item.id}/encode-m4b`, plain.accessToken)).statusCode,
    ).toBe(403)
  })
})
