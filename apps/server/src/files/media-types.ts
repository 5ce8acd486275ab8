import path from 'node:path'

/** Content types of the files a library holds; unknown types are sent as opaque bytes. */
const types: Record<string, string> = {
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
  aiff: 'audio/aiff',
  aif: 'audio/aiff',
  awb: 'audio/amr-wb',
  caf: 'audio/x-caf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  epub: 'application/epub+zip',
  pdf: 'application/pdf',
  mobi: 'application/x-mobipocket-ebook',
  azw3: 'application/vnd.amazon.ebook',
  cbz: 'application/vnd.comicbook+zip',
  cbr: 'application/vnd.comicbook-rar',
  txt: 'text/plain; charset=utf-8',
  nfo: 'text/plain; charset=utf-8',
  json: 'application/json',
  opf: 'application/oebps-package+xml',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
}

/** Types a browser renders without running anything: these may be shown inline, the rest are downloads. */
const inlineSafe = /^(audio\/|image\/(jpeg|png|webp|gif)$|text\/plain|application\/(pdf|epub\+zip|json)$)/

export function mediaTypeOf(file: string): { contentType: string; inline: boolean } {
  const ext = path.extname(file).slice(1).toLowerCase()
  const contentType = types[ext] ?? 'application/octet-stream'
  return { contentType, inline: inlineSafe.test(contentType) }
}
