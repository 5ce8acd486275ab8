import type { FilesystemResponse } from '@shelfcast/contracts'
import { describe, expect, it, vi } from 'vitest'
import { breadcrumbs, createFolderCache, levelOf, parentPath } from './folder-cache.ts'

const listing = (path: string): FilesystemResponse => ({
  posix: true,
  directories: [{ path: `${path}/a`, dirname: 'a', level: levelOf(path) }],
})

describe('folder cache', () => {
  it('answers from the cache for 5 s, then asks the server again', async () => {
    let clock = 1_000
    const load = vi.fn(async (path: string) => listing(path))
    const cache = createFolderCache(load, { now: () => clock })

    await cache.get('/media', 1)
    clock += 4_999
    await cache.get('/media', 1)
    expect(load).toHaveBeenCalledTimes(1)

    clock += 1
    await cache.get('/media', 1)
    expect(load).toHaveBeenCalledTimes(2)
    expect(load).toHaveBeenLastCalledWith('/media', 1)
  })

  it('keeps each path apart and shares a listing still loading', async () => {
    const load = vi.fn(async (path: string) => listing(path))
    const cache = createFolderCache(load, { now: () => 0 })
    const [a, b] = await Promise.all([cache.get('', 0), cache.get('', 0)])
    expect(a).toBe(b)
    await cache.get('/media', 1)
    expect(load.mock.calls).toEqual([
      ['', 0],
      ['/media', 1],
    ])
  })

  it('does not keep a failure', async () => {
    const load = vi
      .fn<(path: string) => Promise<FilesystemResponse>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue(listing('/x'))
    const cache = createFolderCache(load, { now: () => 0 })
    await expect(cache.get('/x', 1)).rejects.toThrow('boom')
    await expect(cache.get('/x', 1)).resolves.toEqual(listing('/x'))
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('folder paths', () => {
  it('walks up to the top-level list', () => {
    expect(parentPath('/srv/media/books', true)).toBe('/srv/media')
    expect(parentPath('/srv', true)).toBe('')
    expect(parentPath('', true)).toBe('')
    expect(parentPath('C:\\Media\\Books', false)).toBe('C:\\Media')
    expect(parentPath('C:\\Media', false)).toBe('C:\\')
  })

  it('levels and breadcrumbs follow the depth', () => {
    expect(levelOf('')).toBe(0)
    expect(levelOf('/')).toBe(0)
    expect(levelOf('/srv/media')).toBe(2)
    expect(breadcrumbs('/srv/media', true)).toEqual([
      { name: 'srv', path: '/srv' },
      { name: 'media', path: '/srv/media' },
    ])
  })
})
