import { describe, expect, it } from 'vitest'
import { routerBasePathFromBaseUri } from './base-path.ts'

describe('routerBasePathFromBaseUri', () => {
  it('is empty at the root', () => {
    expect(routerBasePathFromBaseUri('http://host:13378/')).toBe('')
  })
  it('drops the trailing slash of a base path', () => {
    expect(routerBasePathFromBaseUri('https://host/audiobookshelf/')).toBe('/audiobookshelf')
  })
  it('ignores query and hash', () => {
    expect(routerBasePathFromBaseUri('https://host/shelf/?x=1#y')).toBe('/shelf')
  })
})
