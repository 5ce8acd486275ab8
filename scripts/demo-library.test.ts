import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BOOKS,
  DEMO_MARKER,
  generateDemoLibrary,
  runBounded,
  type DemoLibraryResult,
} from './demo-library.ts'
import { probeMedia } from './media/ffmpeg.ts'
import { readZip } from './media/zip.ts'

let dir: string
let out: string
let first: DemoLibraryResult
let generatedFrom: number
let generatedUntil: number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-demo-test-'))
  out = join(dir, 'demo-library')
  await mkdir(out) // an existing empty folder is fine
  generatedFrom = Date.now()
  first = await generateDemoLibrary({ out })
  generatedUntil = Date.now()
}, 300_000) // ~6 s alone; a ceiling for far more beside the rest of the suite on a busy 2-core machine

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const book = (folder: string) => join(out, 'books', folder)

describe('generateDemoLibrary', () => {
  it('creates the two roots and the marker, and leaves no staging folder', async () => {
    expect(first).toMatchObject({ created: true, books: BOOKS.length, podcasts: 2, episodes: 6 })
    expect(first.files).toBeGreaterThan(30)
    expect((await readdir(out)).sort()).toEqual([DEMO_MARKER, 'books', 'podcasts'])
    expect((await readdir(dir)).sort()).toEqual(['demo-library'])
    const marker = JSON.parse(await readFile(join(out, DEMO_MARKER), 'utf8')) as {
      version: number
      createdAt: number
    }
    expect(marker.version).toBe(1)
    expect(marker.createdAt).toBeGreaterThanOrEqual(generatedFrom)
    expect(marker.createdAt).toBeLessThanOrEqual(generatedUntil)
  })

  it('does nothing the second time', async () => {
    const marker = await readFile(join(out, DEMO_MARKER), 'utf8')
    const again = await generateDemoLibrary({ out })
    expect(again.created).toBe(false)
    expect(await readFile(join(out, DEMO_MARKER), 'utf8')).toBe(marker)
  })

  it('has an m4b with chapters, a folder cover and an embedded cover', async () => {
    const folder = book('Aldous Fenwick/The Lantern Cycle/01 - The Ember Road')
    expect((await readdir(folder)).sort()).toEqual(['The Ember Road.m4b', 'cover.jpg'])
    const info = await probeMedia(join(folder, 'The Ember Road.m4b'))
    expect(info.chapters.map((c) => c.title)).toEqual([
      'Prologue',
      'The Lamplighter',
      'Cinders',
      'The Crossing',
      'Epilogue',
    ])
    expect(info.attachedPicture).not.toBeNull()
    expect(info.tags).toMatchObject({
      artist: 'Aldous Fenwick',
      composer: 'Mara Quill',
      series: 'The Lantern Cycle',
      'series-part': '1',
    })
  })

  it('has a three-file mp3 book with tracks 1-3 and a narrator in the folder name', async () => {
    const folder = book('Aldous Fenwick/The Lantern Cycle/02 - The Ashen Gate {Mara Quill}')
    const mp3s = (await readdir(folder)).filter((f) => f.endsWith('.mp3')).sort()
    expect(mp3s).toHaveLength(3)
    const tracks = await Promise.all(mp3s.map(async (f) => (await probeMedia(join(folder, f))).tags.track))
    expect(tracks).toEqual(['1/3', '2/3', '3/3'])
  })

  it('has a two-disc book, an ebook-only item, a year folder and a cover-less item', async () => {
    expect(await readdir(book('Cornelius Brandt/The Midnight Almanac'))).toEqual(
      expect.arrayContaining(['Disc 1', 'Disc 2', 'cover.jpg']),
    )
    const ebookOnly = await readdir(book('Marguerite Osei/The Glass Botanist'))
    expect(ebookOnly).toEqual(['The Glass Botanist.epub'])
    const epub = readZip(await readFile(book('Marguerite Osei/The Glass Botanist/The Glass Botanist.epub')))
    expect(epub[0]?.name).toBe('mimetype')
    expect(epub.map((e) => e.name)).toContain('OEBPS/images/cover.jpg')
    expect(await readdir(book("Harriet Vale/1898 - The Clockmaker's Daughter"))).toEqual([
      "The Clockmaker's Daughter.m4b",
    ])
    const coverless = await probeMedia(
      book('Percival Ashdown/The Weaver of Small Hours [B0SHELF001]/The Weaver of Small Hours.m4b'),
    )
    expect(coverless.attachedPicture).toBeNull()
  })

  it('has two podcasts of three tagged episodes each', async () => {
    const podcasts = (await readdir(join(out, 'podcasts'))).sort()
    expect(podcasts).toEqual(['Field Notes from Nowhere', 'The Quiet Hour'])
    for (const podcast of podcasts) {
      const episodes = (await readdir(join(out, 'podcasts', podcast)))
        .filter((f) => f.endsWith('.mp3'))
        .sort()
      expect(episodes).toHaveLength(3)
      const tags = await Promise.all(
        episodes.map(async (f) => (await probeMedia(join(out, 'podcasts', podcast, f))).tags),
      )
      expect(tags.map((t) => t.track)).toEqual(['1', '2', '3'])
      for (const t of tags) {
        expect(t.title).toBeTruthy()
        expect(t.date).toMatch(/^\d{4}-\d\d-\d\d$/)
        expect(t.album).toBe(podcast)
      }
    }
  })

  it('refuses to write over books/ or podcasts/ that are not its own', async () => {
    const other = join(dir, 'other')
    await mkdir(join(other, 'books'), { recursive: true })
    await writeFile(join(other, 'books', 'mine.txt'), 'keep')
    await expect(generateDemoLibrary({ out: other })).rejects.toThrow(/without \.shelfcast-demo\.json/)
    expect(await readFile(join(other, 'books', 'mine.txt'), 'utf8')).toBe('keep')
  })
})

describe('runBounded', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    let running = 0
    let peak = 0
    const done: number[] = []
    const tasks = Array.from({ length: 7 }, (_, i) => async () => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, 5))
      running--
      done.push(i)
    })
    await runBounded(tasks, 2)
    expect(peak).toBe(2)
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('rejects with the first failure', async () => {
    await expect(
      runBounded([async () => {}, async () => Promise.reject(new Error('boom'))], 2),
    ).rejects.toThrow('boom')
  })
})
