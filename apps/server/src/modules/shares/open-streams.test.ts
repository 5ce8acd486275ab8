import { PassThrough } from 'node:stream'
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { OpenStreams } from './open-streams.ts'

/** Enough of a response for the registry: it can close and be destroyed. */
function response(): ServerResponse & { destroyed: boolean } {
  return new PassThrough() as unknown as ServerResponse & { destroyed: boolean }
}

describe('OpenStreams', () => {
  it('destroys the open responses of a cut share only, and forgets responses that closed', async () => {
    const streams = new OpenStreams()
    const a1 = response()
    const a2 = response()
    const b = response()
    expect(streams.add('a', a1)).toBe(true)
    expect(streams.add('a', a2)).toBe(true)
    expect(streams.add('b', b)).toBe(true)
    a2.destroy()
    await new Promise((r) => setImmediate(r))
    expect(streams.count('a')).toBe(1)
    streams.cut('a')
    expect(a1.destroyed).toBe(true)
    expect(b.destroyed).toBe(false)
    expect(streams.count('a')).toBe(0)
    expect(streams.count('b')).toBe(1)
  })

  it('refuses a response for a share cut before it arrived', () => {
    const streams = new OpenStreams()
    streams.cut('a')
    const late = response()
    expect(streams.add('a', late)).toBe(false)
    expect(streams.count('a')).toBe(0)
  })
})
