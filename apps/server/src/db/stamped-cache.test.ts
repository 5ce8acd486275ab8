import { describe, expect, it } from 'vitest'
import { StampedCache } from './stamped-cache.ts'

describe('StampedCache', () => {
  it('computes a value once for concurrent readers of the same stamp and key', async () => {
    const cache = new StampedCache<number>()
    let computed = 0
    let release: (v: number) => void = () => {}
    const compute = () => {
      computed++
      return new Promise<number>((r) => (release = r))
    }
    const readers = [
      cache.get('s1', 'k', compute),
      cache.get('s1', 'k', compute),
      cache.get('s1', 'k', compute),
    ]
    release(42)
    expect(await Promise.all(readers)).toEqual([42, 42, 42])
    expect(computed).toBe(1)
    expect(await cache.get('s1', 'k', compute)).toBe(42)
    expect(computed).toBe(1)
  })

  it('computes again for a new stamp or another key', async () => {
    const cache = new StampedCache<string>()
    let n = 0
    const compute = async () => `v${++n}`
    expect(await cache.get('s1', 'a', compute)).toBe('v1')
    expect(await cache.get('s2', 'a', compute)).toBe('v2')
    expect(await cache.get('s2', 'b', compute)).toBe('v3')
    expect(await cache.get('s2', 'a', compute)).toBe('v2')
  })

  it('does not keep a failed computation', async () => {
    const cache = new StampedCache<number>()
    await expect(cache.get('s1', 'k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy')
    expect(await cache.get('s1', 'k', async () => 7)).toBe(7)
  })
})
