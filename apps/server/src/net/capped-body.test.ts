import { Readable, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { pipeCapped, readCapped } from './capped-body.ts'

const KB = 1024

/** A source of `count` 1 KB chunks that records how many were pulled from it. */
function countedSource(count: number) {
  const state = { pulled: 0 }
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        state.pulled++
        yield Buffer.alloc(KB, i % 256)
      }
    })(),
    { highWaterMark: 1 },
  )
  return { stream, state }
}

const tooLarge = () => new Error('too large')

describe('readCapped', () => {
  it('returns the whole body under the cap', async () => {
    const { stream } = countedSource(4)
    expect((await readCapped(stream, 4 * KB, tooLarge)).length).toBe(4 * KB)
  })

  it('stops pulling at the chunk that passes the cap and destroys the source', async () => {
    const { stream, state } = countedSource(1000)
    await expect(readCapped(stream, 10 * KB, tooLarge)).rejects.toThrow('too large')
    // The chunk that crossed the cap plus at most a couple buffered ahead: never the rest of the source.
    expect(state.pulled).toBeLessThan(15)
    expect(stream.destroyed).toBe(true)
  })
})

describe('pipeCapped', () => {
  it('counts what it wrote', async () => {
    const { stream } = countedSource(3)
    let written = 0
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length
        done()
      },
    })
    expect(await pipeCapped(stream, sink, 3 * KB, tooLarge)).toBe(3 * KB)
    expect(written).toBe(3 * KB)
  })

  it('never writes past the cap and destroys both ends', async () => {
    const { stream, state } = countedSource(1000)
    let written = 0
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length
        done()
      },
    })
    await expect(pipeCapped(stream, sink, 5 * KB, tooLarge)).rejects.toThrow('too large')
    expect(written).toBeLessThanOrEqual(5 * KB)
    expect(state.pulled).toBeLessThan(15)
    expect(sink.destroyed).toBe(true)
    expect(stream.destroyed).toBe(true)
  })
})
