import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Library } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { id3Frame, id3Tag, makeAudio, makeBrokenFiles } from '../../../../scripts/media/index.ts'
import { captureLogs, createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { createLibrary, itemsOf, settle } from './test-library.ts'
import { bookMedia } from '../test-support/media-of.ts'

/** An ID3v2.3 tag with a 3 MB TXXX frame and a TIT2 holding a lone UTF-16 surrogate. */
function hostileId3Tag(): Buffer {
  const title = id3Frame('TIT2', Buffer.from([0x01, 0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00, 0x42, 0x00]))
  const huge = id3Frame(
    'TXXX',
    Buffer.concat([
      Buffer.from([0x00]),
      Buffer.from('description\0', 'latin1'),
      Buffer.alloc(3 * 1024 * 1024, 0x61),
    ]),
  )
  return id3Tag(Buffer.concat([title, huge]))
}

describe('scan of bad input', () => {
  let t: TestApp
  let root: string
  let outside: string
  let library: Library
  const logs = captureLogs()

  beforeAll(async () => {
    const dir = tempDir('shelfcast-bad-')
    root = path.join(dir, 'books')
    outside = path.join(dir, 'outside')
    const broken = await makeBrokenFiles(path.join(dir, 'broken'))
    const at = (...p: string[]) => path.join(root, ...p)
    fs.mkdirSync(at('Broken', 'Zero'), { recursive: true })
    fs.mkdirSync(at('Broken', 'Truncated'), { recursive: true })
    fs.mkdirSync(at('Broken', 'Garbage'), { recursive: true })
    fs.copyFileSync(broken.zeroByteM4b, at('Broken', 'Zero', 'zero.m4b'))
    fs.copyFileSync(broken.truncatedMp3, at('Broken', 'Truncated', 'truncated.mp3'))
    fs.copyFileSync(broken.garbageMp3, at('Broken', 'Garbage', 'garbage.mp3'))

    // A good book with every hostile neighbour: FIFO, symlinks out of the root, malformed metadata files.
    await makeAudio({
      path: at('Good', 'Book', 'good.mp3'),
      durationSec: 1,
      tags: { album: 'Good Book', artist: 'Good Author' },
    })
    execFileSync('mkfifo', [at('Good', 'Book', 'pipe.mp3')])
    await makeAudio({ path: path.join(outside, 'secret.mp3'), durationSec: 1, tags: { title: 'Secret' } })
    fs.symlinkSync(path.join(outside, 'secret.mp3'), at('Good', 'Book', 'linked.mp3'))
    fs.symlinkSync(outside, at('Good', 'Escape'))
    fs.writeFileSync(at('Good', 'Book', 'metadata.json'), '{"title": "Broken JSON",')
    fs.writeFileSync(at('Good', 'Book', 'book.opf'), '<package><metadata><dc:title>Unclosed</metadata>')
    fs.writeFileSync(at('Good', 'Book', 'book.nfo'), Buffer.alloc(2 * 1024 * 1024, 0x41))

    // Hostile tags: a huge frame and a bad encoding, before a valid mp3.
    await makeAudio({ path: path.join(dir, 'plain.mp3'), durationSec: 1 })
    fs.mkdirSync(at('Tags', 'Huge'), { recursive: true })
    fs.writeFileSync(
      at('Tags', 'Huge', 'huge.mp3'),
      Buffer.concat([hostileId3Tag(), fs.readFileSync(path.join(dir, 'plain.mp3'))]),
    )

    // A folder the server cannot open (simulated: the tests may run as root, where chmod 000 still reads).
    await makeAudio({ path: at('Locked', 'Away', 'locked.mp3'), durationSec: 1 })

    const app = await createInitialisedApp({ logs })
    t = app.t
    t.ctx.scanner.scans.readdir = async (dirPath: string) => {
      if (path.basename(dirPath) === 'Away')
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' })
      return fs.readdirSync(dirPath)
    }
    library = await createLibrary(t, app.root.accessToken, {
      name: 'Bad',
      folders: [{ fullPath: root }],
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
  }, 60_000)
  afterAll(async () => t?.close())

  it('completes and flags broken audio as invalid with the error on the file', async () => {
    const items = await itemsOf(t, library.id)
    for (const rel of ['Broken/Zero', 'Broken/Truncated', 'Broken/Garbage']) {
      const item = items.get(rel)
      expect(item?.isInvalid, rel).toBe(true)
      const media = bookMedia(item)
      expect(media.audioFiles[0]?.error, rel).toBeTruthy()
      expect(media.tracks, rel).toHaveLength(0)
    }
    expect(bookMedia(items.get('Broken/Zero')).audioFiles[0]?.error).toBe('File is empty')
    expect(bookMedia(items.get('Broken/Truncated')).audioFiles[0]?.error).toBe('Audio file is truncated')
  })

  it('skips FIFOs, symlinks out of the root and malformed metadata files, with log lines', async () => {
    const items = await itemsOf(t, library.id)
    expect([...items.keys()].some((k) => k.startsWith('Good/Escape'))).toBe(false)
    const good = items.get('Good/Book')
    expect(good?.isInvalid).toBe(false)
    const names = good?.libraryFiles.map((f) => f.metadata.filename).sort()
    expect(names).toEqual(['book.nfo', 'book.opf', 'good.mp3', 'metadata.json'])
    expect(bookMedia(good).metadata.title).toBe('Good Book')
    const messages = logs.lines().map((l) => l.msg)
    expect(messages.filter((m) => m === 'metadata file skipped')).toHaveLength(3)
    expect(messages).toContain('not a regular file (fifo, socket or device), skipped')
    expect(messages).toContain('symlink leaves the library folder, skipped')
    expect(messages).toContain('folder cannot be read, skipped')
  })

  it('leaves an unreadable folder out', async () => {
    const items = await itemsOf(t, library.id)
    expect(items.has('Locked/Away')).toBe(false)
  })

  it('bounds huge and badly encoded tags', async () => {
    const item = (await itemsOf(t, library.id)).get('Tags/Huge')
    const media = bookMedia(item)
    expect(item?.isInvalid).toBe(false)
    expect(media.metadata.description?.length).toBeLessThanOrEqual(20_000)
    expect(media.audioFiles[0]?.metaTags.tagDescription?.length).toBeLessThanOrEqual(1000)
    // The lone surrogate decodes as U+FFFD: a badly encoded title is dropped, not shown half-garbled.
    expect(media.audioFiles[0]?.metaTags.tagTitle).toBeUndefined()
  })

  it('counts broken items as issues and finishes the task without failing', async () => {
    const issues = await t.ctx.database.db
      .selectFrom('library_items')
      .select('rel_path')
      .where('library_id', '=', library.id)
      .where((eb) => eb.or([eb('is_missing', '=', 1), eb('is_invalid', '=', 1)]))
      .execute()
    expect(issues.map((r) => r.rel_path).sort()).toEqual([
      'Broken/Garbage',
      'Broken/Truncated',
      'Broken/Zero',
    ])
    const tasks = t.ctx.tasks.list().filter((x) => x.data.libraryId === library.id)
    expect(tasks.every((x) => x.isFinished && !x.isFailed)).toBe(true)
    expect(logs.errors()).toEqual([])
  })
})
