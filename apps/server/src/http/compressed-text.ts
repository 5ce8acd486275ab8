import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const gzip = promisify(zlib.gzip)

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_AT_LEAST_BYTES = 32 * 1024

/**
 * Sends JSON text, as `gzipped()` gives it when the text is large and the client accepts gzip (the caller
 * keeps the gzip of a cached answer beside it: a library's filter data is megabytes at 100,000 items and
 * shrinks ~8×).
 */
export async function sendJsonText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  gzipped: () => Promise<Buffer>,
) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
  if (!accepts || text.length < COMPRESS_AT_LEAST_BYTES) return reply.send(text)
  return reply.header('content-encoding', 'gzip').send(await gzipped())
}

/** Gzip of a JSON text, at the level every compressed answer uses. */
export function gzipText(text: string): Promise<Buffer> {
  return gzip(text, { level: 6 })
}
