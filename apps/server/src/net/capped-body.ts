import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Reads a body into memory, refusing at the first chunk that would pass `maxBytes`: what is held never
 * exceeds the cap. Leaving the loop early destroys the source, and with it the socket.
 */
export async function readCapped(source: Readable, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, total)
}

/** Streams a body into `destination`, failing (and destroying both ends) once it passes `maxBytes`. Resolves with the byte count. */
export async function pipeCapped(
  source: Readable,
  destination: Writable,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<number> {
  let total = 0
  await pipeline(
    source,
    async function* countBytes(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        total += chunk.length
        if (total > maxBytes) throw tooLarge()
        yield chunk
      }
    },
    destination,
  )
  return total
}
