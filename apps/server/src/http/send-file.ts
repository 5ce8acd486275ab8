import fs from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseByteRange } from '../files/byte-range.ts'
import { mediaTypeOf } from '../files/media-types.ts'

export interface FileToSend {
  /** Real, already contained path of a regular file. */
  path: string
  size: number
  /** Forces a download even for types that could be shown inline. */
  attachment?: boolean
  cacheControl?: string
  /**
   * With it (or with `handle`, whose mtime is read) the answer carries `etag` and `last-modified` and answers
   * a matching conditional GET with 304.
   */
  mtimeMs?: number
  contentType?: string
  /** `path` already open (it stays readable if the path is deleted meanwhile); closed once sent. */
  handle?: FileHandle
}

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** Express's (and so Audiobookshelf's) weak validator of a file: size and mtime in hex. */
export const fileEtag = (size: number, mtimeMs: number) =>
  `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`

/** What a file's own validators are, for the conditional headers below. */
interface Validators {
  etag: string
  /** Whole seconds, as Last-Modified carries it. */
  modifiedSec: number
}

const etagListMatches = (header: string, etag: string) =>
  header.trim() === '*' ||
  header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))

const dateSec = (header: string | undefined) => {
  const ms = header ? Date.parse(header) : NaN
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

/** RFC 9110 §13.2.2: If-None-Match decides when present, else If-Modified-Since. */
function notModified(request: FastifyRequest, v: Validators): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const noneMatch = request.headers['if-none-match']
  if (noneMatch) return etagListMatches(noneMatch, v.etag)
  const since = dateSec(request.headers['if-modified-since'])
  return since !== null && v.modifiedSec <= since
}

/** If-Range: the range holds only while the file is the one the client has part of. */
function rangeStillValid(request: FastifyRequest, v: Validators | null): boolean {
  const header = request.headers['if-range']
  const ifRange = (Array.isArray(header) ? header[0] : header)?.trim()
  if (!ifRange) return true
  if (!v) return false
  // Our validator is weak; like express, a client that echoes it exactly still gets its range.
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === v.etag
  const at = dateSec(ifRange)
  return at !== null && v.modifiedSec <= at
}

const readStream = (file: FileToSend, range: { start?: number; end?: number }) =>
  file.handle ? file.handle.createReadStream(range) : fs.createReadStream(file.path, range)

/**
 * Streams a file with byte ranges: 206 with Content-Range for one satisfiable range, 416 for an
 * unsatisfiable one, 200 otherwise. Active types (HTML, SVG, XML ...) always go out as attachments,
 * and nothing is ever sniffed.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileToSend) {
  // An open file without a given mtime (a resized cover: its copy carries the source's mtime) is asked for one,
  // so every cover answers validators and 304s.
  const mtimeMs = file.mtimeMs ?? (file.handle ? (await file.handle.stat()).mtimeMs : undefined)
  const type = mediaTypeOf(file.path)
  const contentType = file.contentType ?? type.contentType
  const disposition = file.attachment || !type.inline ? 'attachment' : 'inline'
  reply.header('accept-ranges', 'bytes')
  reply.header('x-content-type-options', 'nosniff')
  reply.header('content-disposition', contentDisposition(disposition, path.basename(file.path)))
  const validators =
    mtimeMs === undefined
      ? null
      : { etag: fileEtag(file.size, mtimeMs), modifiedSec: Math.floor(mtimeMs / 1000) }
  // Audiobookshelf sends files with express's sendFile: `public, max-age=0`; private here, files need a login.
  const cacheControl = file.cacheControl ?? (validators ? 'private, max-age=0' : undefined)
  if (cacheControl) reply.header('cache-control', cacheControl)
  if (validators) {
    reply.header('etag', validators.etag)
    reply.header('last-modified', new Date(validators.modifiedSec * 1000).toUTCString())
    if (notModified(request, validators)) {
      void file.handle?.close()
      return reply.code(304).send()
    }
  }
  const range = rangeStillValid(request, validators)
    ? parseByteRange(request.headers.range, file.size)
    : parseByteRange(undefined, file.size)
  if (range.type === 'unsatisfiable') {
    void file.handle?.close()
    reply.header('content-range', `bytes */${file.size}`)
    return reply.code(416).type('text/plain; charset=utf-8').send('Range not satisfiable')
  }
  reply.type(contentType)
  if (range.type === 'partial') {
    reply.code(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    reply.header('content-length', String(range.end - range.start + 1))
    return reply.send(readStream(file, { start: range.start, end: range.end }))
  }
  reply.header('content-length', String(file.size))
  return reply.send(readStream(file, {}))
}
