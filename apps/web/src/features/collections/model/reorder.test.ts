import { describe, expect, it } from 'vitest'
import { dropIndex, moveEntry, orderByKeys } from './reorder.ts'

describe('moveEntry', () => {
  it('moves an entry down and up', () => {
    expect(moveEntry(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveEntry(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c'])
  })

  it('clamps the target and leaves the list alone when nothing moves', () => {
    const list = ['a', 'b', 'c']
    expect(moveEntry(list, 1, 99)).toEqual(['a', 'c', 'b'])
    expect(moveEntry(list, 1, -5)).toEqual(['b', 'a', 'c'])
    expect(moveEntry(list, 1, 1)).toBe(list)
    expect(moveEntry(list, 7, 0)).toBe(list)
    expect(moveEntry([], 0, 1)).toEqual([])
  })
})

describe('dropIndex', () => {
  it('is the row under the offset, within the list', () => {
    expect(dropIndex(0, 72, 10)).toBe(0)
    expect(dropIndex(71, 72, 10)).toBe(0)
    expect(dropIndex(72, 72, 10)).toBe(1)
    expect(dropIndex(-300, 72, 10)).toBe(0)
    expect(dropIndex(72 * 50, 72, 10)).toBe(9)
    expect(dropIndex(100, 72, 0)).toBe(0)
  })
})

describe('orderByKeys', () => {
  it('orders by the keys and keeps unlisted entries after them', () => {
    const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(orderByKeys(items, ['c', 'a'], (i) => i.id).map((i) => i.id)).toEqual(['c', 'a', 'b'])
    expect(orderByKeys(items, ['x', 'b'], (i) => i.id).map((i) => i.id)).toEqual(['b', 'a', 'c'])
  })
})
