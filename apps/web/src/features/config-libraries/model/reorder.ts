import type { Library, ReorderLibrariesRequest } from '@shelfcast/contracts'

/** POST /api/libraries/order body for libraries in their new order (orders count from 1). */
export function orderRequest(libraries: readonly Pick<Library, 'id'>[]): ReorderLibrariesRequest {
  return libraries.map((library, index) => ({ id: library.id, newOrder: index + 1 }))
}

/** The libraries in their new order with displayOrder rewritten, for the cache until the server answers. */
export function applyOrder<T extends Pick<Library, 'id' | 'displayOrder'>>(libraries: readonly T[]): T[] {
  return libraries.map((library, index) => ({ ...library, displayOrder: index + 1 }))
}
