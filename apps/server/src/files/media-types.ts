import path from 'node:path'

/**
 * The one table of content types the server sends or records, by lower-case extension: library files
 * (audio, ebooks, images, metadata) and the built web client's files. Audio types are Audiobookshelf's
 * (a track's `mimeType` shows them); text types name their charset.
 */
const types: Record<string, string> = {
  // audio
  mp3: 'audio/mpeg',
  mpeg: 'audio/mpeg',
  mpg: 'audio/mpeg',
  m4b: 'audio/mp4',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  webma: 'audio/webm',
  mka: 'audio/x-matroska',
  wma: 'audio/x-ms-wma',
  aiff: 'audio/x-aiff',
  aif: 'audio/x-aiff',
  awb: 'audio/amr-wb',
  caf: 'audio/x-caf',
  // images
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  // ebooks
  epub: 'application/epub+zip',
  pdf: 'application/pdf',
  mobi: 'application/x-mobipocket-ebook',
  azw3: 'application/vnd.amazon.ebook',
  cbz: 'application/vnd.comicbook+zip',
  cbr: 'application/vnd.comicbook-rar',
  // text and metadata
  txt: 'text/plain; charset=utf-8',
  nfo: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  opf: 'application/oebps-package+xml',
  xml: 'application/xml',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  // the web client's build
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
}

const OPAQUE = 'application/octet-stream'

/** Types a browser renders without running anything: these may be shown inline, the rest are downloads. */
const inlineSafe = /^(audio\/|image\/(jpeg|png|webp|gif)$|text\/plain|application\/(pdf|epub\+zip|json)\b)/

/** The content type of a file name; unknown extensions are opaque bytes. */
export function contentTypeOf(file: string): string {
  return types[path.extname(file).slice(1).toLowerCase()] ?? OPAQUE
}

/** A library file's content type and whether it may be shown inline. */
export function mediaTypeOf(file: string): { contentType: string; inline: boolean } {
  const contentType = contentTypeOf(file)
  return { contentType, inline: inlineSafe.test(contentType) }
}

/** The extension a file of this type is saved under (covers and author images fetched by URL): its first one. */
export function extensionOf(contentType: string): string | null {
  for (const [ext, type] of Object.entries(types)) if (type === contentType) return ext
  return null
}
