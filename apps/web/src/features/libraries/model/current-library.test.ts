import type { Library } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { resolveCurrentLibraryId } from './current-library.ts'

const lib = (id: string, displayOrder: number) => ({ id, name: id, displayOrder }) as Library
const libraries = [lib('b', 2), lib('a', 1)]

describe('current library', () => {
  it('prefers the route, then the chosen one, then the default, then the first by display order', () => {
    expect(resolveCurrentLibraryId({ libraries, routeLibraryId: 'b', selectedId: 'a' })).toBe('b')
    expect(resolveCurrentLibraryId({ libraries, routeLibraryId: 'gone', selectedId: 'b' })).toBe('b')
    expect(resolveCurrentLibraryId({ libraries, selectedId: 'gone', defaultId: 'b' })).toBe('b')
    expect(resolveCurrentLibraryId({ libraries })).toBe('a')
  })

  it('is null without libraries', () => {
    expect(resolveCurrentLibraryId({ libraries: [], routeLibraryId: 'x' })).toBeNull()
  })
})
