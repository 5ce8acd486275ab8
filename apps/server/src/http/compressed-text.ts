import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const gzip = promisify(zlib.gzip)

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_AT_LEAST_BYTES = 32 * 1024

/**
 * Gzip of large, rarely changing JSON texts (a library's filter data is megabytes at 100,000 items and
 * shrinks ~8×), compressed once per distinct text: a cached body's text is the same string object until
 * its data changes, so the check is a pointer comparison, not a 2 MB one.
 */
export class CompressedTexts {
  private readonly entries = new Map<string, { text: string; gz: Promise<Buffer> }>()
  private readonly maxEntries: number
  constructor(maxEntries = 50) {
    this.maxEntries = maxEntries
  }

  gzipped(key: string, text: string): Promise<Buffer> {
    const hit = this.entries.get(key)
    if (hit && hit.text === text) return hit.gz
    const gz = gzipText(text)
    this.entries.delete(key)
    this.entries.set(key, { text, gz })
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    return gz
  }

  /** Sends JSON text, gzipped when it is large and the client accepts gzip. */
  send(request: FastifyRequest, reply: FastifyReply, key: string, text: string) {
    return sendJsonText(request, reply, text, () => this.gzipped(key, text))
  }
}

/** Sends JSON text, as `gzipped()` gives it when the text is large and the client accepts gzip. */
export async function sendJsonText(request: FastifyRequest, reply: FastifyReply, text: string, gzipped: () => Promise<Buffer>) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
  if (!accepts || text.length < COMPRESS_AT_LEAST_BYTES) return reply.send(text)
  return reply.header('content-encoding', 'gzip').send(await gzipped())
}

/** Gzip of a JSON text, at the level every compressed answer uses. */
export function gzipText(text: string): Promise<Buffer> {
  return gzip(text, { level: 6 })
}
