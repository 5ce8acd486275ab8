import { describe, expect, it } from 'vitest'
import { audioMimeType } from '../scanner/file-types.ts'
import { contentTypeOf, extensionOf, mediaTypeOf } from './media-types.ts'

describe('the one content-type table', () => {
  it('names the type of every kind of file Shelfcast serves', () => {
    const expected: Record<string, string> = {
      // audio (Audiobookshelf's track mimeTypes)
      'a.mp3': 'audio/mpeg',
      'a.m4b': 'audio/mp4',
      'a.m4a': 'audio/mp4',
      'a.aac': 'audio/aac',
      'a.flac': 'audio/flac',
      'a.opus': 'audio/ogg',
      'a.ogg': 'audio/ogg',
      'a.wav': 'audio/wav',
      'a.webm': 'audio/webm',
      'a.aiff': 'audio/x-aiff',
      'a.aif': 'audio/x-aiff',
      'a.wma': 'audio/x-ms-wma',
      'a.mka': 'audio/x-matroska',
      // ebooks
      'b.epub': 'application/epub+zip',
      'b.pdf': 'application/pdf',
      'b.mobi': 'application/x-mobipocket-ebook',
      'b.azw3': 'application/vnd.amazon.ebook',
      'b.cbz': 'application/vnd.comicbook+zip',
      'b.cbr': 'application/vnd.comicbook-rar',
      // images
      'c.jpg': 'image/jpeg',
      'c.JPEG': 'image/jpeg',
      'c.png': 'image/png',
      'c.webp': 'image/webp',
      'c.gif': 'image/gif',
      'c.svg': 'image/svg+xml',
      // the web client's build
      'index.html': 'text/html; charset=utf-8',
      'assets/app.js': 'text/javascript; charset=utf-8',
      'assets/app.css': 'text/css; charset=utf-8',
      'assets/app.js.map': 'application/json; charset=utf-8',
      'favicon.ico': 'image/x-icon',
      'manifest.webmanifest': 'application/manifest+json',
      'assets/font.woff2': 'font/woff2',
      'assets/pdf.worker.mjs': 'text/javascript; charset=utf-8',
      'robots.txt': 'text/plain; charset=utf-8',
      // metadata
      'metadata.json': 'application/json; charset=utf-8',
      'book.opf': 'application/oebps-package+xml',
      'desc.nfo': 'text/plain; charset=utf-8',
      // unknown
      'x.exe': 'application/octet-stream',
      noextension: 'application/octet-stream',
    }
    const actual = Object.fromEntries(Object.keys(expected).map((f) => [f, contentTypeOf(f)]))
    expect(actual).toEqual(expected)
  })

  it('is the table tracks, files and covers all use', () => {
    for (const f of ['a.mp3', 'a.aiff', 'a.m4b', 'a.flac']) expect(audioMimeType(f)).toBe(contentTypeOf(f))
    expect(extensionOf('image/jpeg')).toBe('jpg')
    expect(extensionOf('image/webp')).toBe('webp')
    expect(extensionOf('image/x-unknown')).toBeNull()
  })

  it('shows only passive types inline', () => {
    expect(mediaTypeOf('a.mp3').inline).toBe(true)
    expect(mediaTypeOf('b.pdf').inline).toBe(true)
    expect(mediaTypeOf('metadata.json').inline).toBe(true)
    for (const f of ['c.svg', 'x.html', 'x.xhtml', 'x.xml', 'x.js', 'x.exe'])
      expect(mediaTypeOf(f).inline, f).toBe(false)
  })
})
