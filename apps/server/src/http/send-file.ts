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
  contentType?: string
  /** `path` already open (it stays readable if the path is deleted meanwhile); closed once sent. */
  handle?: FileHandle
}

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

const readStream = (file: FileToSend, range: { start?: number; end?: number }) =>
  file.handle ? file.handle.createReadStream(range) : fs.createReadStream(file.path, range)

/**
 * Streams a file with byte ranges: 206 with Content-Range for one satisfiable range, 416 for an
 * unsatisfiable one, 200 otherwise. Active types (HTML, SVG, XML ...) always go out as attachments,
 * and nothing is ever sniffed.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileToSend) {
  const type = mediaTypeOf(file.path)
  const contentType = file.contentType ?? type.contentType
  const disposition = file.attachment || !type.inline ? 'attachment' : 'inline'
  reply.header('accept-ranges', 'bytes')
  reply.header('x-content-type-options', 'nosniff')
  reply.header('content-disposition', contentDisposition(disposition, path.basename(file.path)))
  if (file.cacheControl) reply.header('cache-control', file.cacheControl)
  const range = parseByteRange(request.headers.range, file.size)
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
