import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineRoute, fillPath, pathParams, type CallInput } from './route.ts'

describe('route paths', () => {
  it('names the params of a path, the optional last one too', () => {
    expect(pathParams('/api/playlists/:id/item/:libraryItemId/:episodeId?')).toEqual([
      { name: 'id', optional: false },
      { name: 'libraryItemId', optional: false },
      { name: 'episodeId', optional: true },
    ])
    expect(pathParams('/api/collections')).toEqual([])
  })

  it('fills params in, encoded, and drops an absent optional last one', () => {
    expect(fillPath('/api/collections/:id/book/:bookId', { id: 'a/b', bookId: 'li 1' })).toBe(
      '/api/collections/a%2Fb/book/li%201',
    )
    const entry = '/api/playlists/:id/item/:libraryItemId/:episodeId?'
    expect(fillPath(entry, { id: 'p', libraryItemId: 'li' })).toBe('/api/playlists/p/item/li')
    expect(fillPath(entry, { id: 'p', libraryItemId: 'li', episodeId: 'ep' })).toBe(
      '/api/playlists/p/item/li/ep',
    )
    expect(() => fillPath('/api/collections/:id', {})).toThrow('Missing path parameter id')
  })

  it('types an optional last param as optional, after any number of required ones', () => {
    const progress = defineRoute({
      method: 'GET',
      path: '/api/me/progress/:id/:episodeId?',
      tag: 'Test',
      summary: 'test',
      answer: z.null(),
    })
    expect(progress.path).toBe('/api/me/progress/:id/:episodeId?')
    expectTypeOf<CallInput<typeof progress>['params']>().toEqualTypeOf<
      { id: string | number } & { episodeId?: string | number | null }
    >()
  })
})
