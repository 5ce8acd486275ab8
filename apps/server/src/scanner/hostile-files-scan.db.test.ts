import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Library, LibraryItem } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import {
  id3Frame,
  id3Tag,
  makeAudio,
  makeEpub,
  zipBuffer,
  type ZipEntry,
} from '../../../../scripts/media/index.ts'
import { captureLogs, createInitialisedApp, tempDir, type TestApp } from '../test-support/test-app.ts'
import { createLibrary, itemsOf, settle } from './test-library.ts'
import { bookMedia } from '../test-support/media-of.ts'

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`
const opf = (title: string, doctype = '') => `<?xml version="1.0"?>${doctype}
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>${title}</dc:title></metadata>
  <manifest/><spine/>
</package>`
const epubEntries = (opfText: string): ZipEntry[] => [
  { name: 'mimetype', data: 'application/epub+zip', store: true },
  { name: 'META-INF/container.xml', data: CONTAINER },
  { name: 'OEBPS/content.opf', data: opfText },
]

/** An EPUB whose one extra entry inflates from about 100 KB to 96 MiB (built by streaming, never held whole). */
async function zipBomb(file: string) {
  const zip = new yazl.ZipFile()
  for (const e of epubEntries(opf('Bomb'))) zip.addBuffer(Buffer.from(e.data), e.name, { compress: !e.store })
  const chunk = Buffer.alloc(1024 * 1024)
  zip.addReadStream(
    Readable.from(
      (function* () {
        for (let i = 0; i < 96; i++) yield chunk
      })(),
    ),
    'OEBPS/zeros.xhtml',
  )
  zip.end()
  await pipeline(zip.outputStream, fs.createWriteStream(file))
}

/**
 * An mp3 whose ID3 TIT2 frame claims 400 bytes for a 10-byte title: a reader takes in the next frame's
 * header, the artist and the start of the audio as "title".
 */
function lyingId3(audio: Buffer): Buffer {
  const text = (value: string) => Buffer.from(`\0${value}`, 'latin1')
  const frames = Buffer.concat([id3Frame('TIT2', text('Real Title'), 400), id3Frame('TPE1', text('Author'))])
  return Buffer.concat([id3Tag(frames, 410), audio])
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'

describe('scan of hostile ebooks, names and tags', () => {
  let t: TestApp
  let root: string
  let library: Library
  let items: Map<string, LibraryItem>
  let token: string
  const logs = captureLogs()
  const warnings = () =>
    logs.lines().filter((l) => l.level === 40) as { msg?: string; path?: string; reason?: string }[]

  beforeAll(async () => {
    const dir = tempDir('shelfcast-hostile-')
    root = path.join(dir, 'books')
    const put = (rel: string, data: Buffer | string) => {
      const file = path.join(root, ...rel.split('/'))
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, data)
    }
    const random = crypto.randomBytes(4096)
    put('Ebooks/Zero Epub/zero.epub', '')
    put('Ebooks/Zero Pdf/zero.pdf', '')
    put('Ebooks/Random Epub/random.epub', random)
    put('Ebooks/Random Pdf/random.pdf', random)
    put('Ebooks/Random Cbz/random.cbz', random)
    put('Ebooks/Random Mobi/random.mobi', random)
    put('Ebooks/Truncated Pdf/cut.pdf', PDF.slice(0, 40))
    put(
      'Ebooks/Traversal/traversal.epub',
      zipBuffer([...epubEntries(opf('Traversal')), { name: '../../evil.txt', data: 'x' }]),
    )
    put(
      'Ebooks/Xxe/xxe.epub',
      zipBuffer(epubEntries(opf('&xxe;', '<!DOCTYPE package [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'))),
    )
    put('Ebooks/No Container/nocontainer.epub', zipBuffer([{ name: 'OEBPS/content.opf', data: opf('Lost') }]))
    put('Ebooks/Imageless Cbz/comic.cbz', zipBuffer([{ name: 'readme.txt', data: 'no pages' }]))
    fs.mkdirSync(path.join(root, 'Ebooks', 'Bomb'), { recursive: true })
    await zipBomb(path.join(root, 'Ebooks', 'Bomb', 'bomb.epub'))
    await makeEpub({
      path: path.join(root, 'Ebooks', 'Good', 'good.epub'),
      title: 'Good Epub',
      author: 'Writer',
    })
    put('Ebooks/Good Pdf/good.pdf', PDF)
    // A sound EPUB beside a damaged PDF: the EPUB is primary, the item still flagged for the PDF.
    await makeEpub({
      path: path.join(root, 'Ebooks', 'Mixed', 'book.epub'),
      title: 'Mixed',
      author: 'Writer',
    })
    put('Ebooks/Mixed/extra.pdf', random)
    // A damaged EPUB beside a sound PDF: the PDF becomes primary.
    put('Ebooks/Fallback/book.epub', random)
    put('Ebooks/Fallback/book.pdf', PDF)

    // A file whose name is not UTF-8, and a book 26 folders deep.
    await makeAudio({ path: path.join(dir, 'plain.mp3'), durationSec: 1 })
    const plain = fs.readFileSync(path.join(dir, 'plain.mp3'))
    put('Names/Odd/ok.mp3', plain)
    fs.writeFileSync(
      Buffer.concat([
        Buffer.from(path.join(root, 'Names', 'Odd', 'bad')),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('.mp3'),
      ]),
      plain,
    )
    put(`Deep/${Array.from({ length: 26 }, (_, i) => `d${i}`).join('/')}/deep.mp3`, plain)

    put('lying-title.mp3', lyingId3(plain))

    const app = await createInitialisedApp({ logs })
    t = app.t
    token = app.root.accessToken
    library = await createLibrary(t, app.root.accessToken, {
      name: 'Hostile',
      folders: [{ fullPath: root }],
      settings: { disableWatcher: true },
    })
    await settle(t, library.id)
    items = await itemsOf(t, library.id)
  }, 90_000)
  afterAll(async () => t?.close())

  const damaged: [string, RegExp][] = [
    ['Ebooks/Zero Epub', /zero\.epub: file is empty/],
    ['Ebooks/Zero Pdf', /zero\.pdf: file is empty/],
    ['Ebooks/Random Epub', /random\.epub: not a valid zip archive/],
    ['Ebooks/Random Pdf', /random\.pdf: not a PDF/],
    ['Ebooks/Random Cbz', /random\.cbz: not a valid zip archive/],
    ['Ebooks/Random Mobi', /random\.mobi: not a MOBI book/],
    ['Ebooks/Truncated Pdf', /cut\.pdf: PDF is truncated/],
    ['Ebooks/Traversal', /traversal\.epub: .*\.\.\/\.\.\/evil\.txt/],
    ['Ebooks/Xxe', /xxe\.epub: OEBPS\/content\.opf is refused: XML declares entities/],
    ['Ebooks/No Container', /nocontainer\.epub: EPUB has no META-INF\/container\.xml/],
    ['Ebooks/Imageless Cbz', /comic\.cbz: CBZ holds no images/],
    ['Ebooks/Bomb', /bomb\.epub: zip bomb: 96\.\d MiB uncompressed/],
    ['Ebooks/Mixed', /^extra\.pdf: not a PDF/],
    ['Ebooks/Fallback', /^book\.epub: not a valid zip archive/],
  ]

  it('flags damaged and hostile ebooks invalid, with the reason in the item JSON and a warning', () => {
    for (const [rel, reason] of damaged) {
      const item = items.get(rel)
      expect(item?.isInvalid, rel).toBe(true)
      expect(item?.invalidReason, rel).toMatch(reason)
      expect(
        warnings().find((w) => w.msg === 'item flagged invalid' && w.path === item?.path)?.reason,
        rel,
      ).toBe(item?.invalidReason)
    }
    // The XXE book's title is never the unexpanded entity.
    expect(bookMedia(items.get('Ebooks/Xxe')).metadata.title).toBe('Xxe')
  })

  it('keeps sound ebooks valid and prefers a sound ebook as the primary one', () => {
    for (const rel of ['Ebooks/Good', 'Ebooks/Good Pdf']) {
      expect(items.get(rel)?.isInvalid, rel).toBe(false)
      expect(items.get(rel)).not.toHaveProperty('invalidReason')
    }
    expect(bookMedia(items.get('Ebooks/Good')).metadata.title).toBe('Good Epub')
    expect(bookMedia(items.get('Ebooks/Mixed')).ebookFile?.metadata.filename).toBe('book.epub')
    expect(bookMedia(items.get('Ebooks/Fallback')).ebookFile?.metadata.filename).toBe('book.pdf')
  })

  it('lists every flagged item under the Issues filter', async () => {
    const res = await t.call('GET', `/api/libraries/${library.id}/items?filter=issues&limit=100`, token)
    const listed = (res.json() as { results: LibraryItem[] }).results
    expect(listed.map((i) => i.relPath).sort()).toEqual(damaged.map(([rel]) => rel).sort())
    expect(listed.every((i) => typeof i.invalidReason === 'string')).toBe(true)
  })

  it('warns with the path of a file whose name is not UTF-8 and of a folder nested too deep', () => {
    const byMsg = (msg: string) =>
      warnings()
        .filter((w) => w.msg === msg)
        .map((w) => w.path)
    expect(byMsg('file name is not valid UTF-8, skipped')).toEqual([
      path.join(root, 'Names', 'Odd', 'bad\uFFFD\uFFFD.mp3'),
    ])
    // Folder 25 below the library folder (Deep, d0 ... d23) is the first one left out.
    const tooDeep = path.join(root, 'Deep', ...Array.from({ length: 24 }, (_, i) => `d${i}`))
    expect(byMsg('folder nesting too deep, skipped')).toEqual([tooDeep])
    expect(items.get('Names/Odd')?.libraryFiles.map((f) => f.metadata.filename)).toEqual(['ok.mp3'])
    expect([...items.keys()].some((k) => k.startsWith('Deep'))).toBe(false)
  })

  it('falls back to the file name when an ID3 frame lies about its size', () => {
    const item = items.get('lying-title.mp3')
    const media = bookMedia(item)
    expect(media.metadata.title).toBe('lying-title')
    expect(media.audioFiles[0]?.metaTags.tagTitle).toBeUndefined()
  })
})
