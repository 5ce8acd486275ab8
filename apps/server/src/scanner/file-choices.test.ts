import { describe, expect, it } from 'vitest'
import { applyTrackOrder, parseTrackOrder } from './file-choices.ts'

describe('file choices', () => {
  it('puts the chosen files first in their order, then new ones in their own order; gone ones drop out', () => {
    const placed = applyTrackOrder(['a', 'b', 'new1', 'c', 'new2'], (x) => x, [
      { ino: 'c', exclude: false },
      { ino: 'gone', exclude: false },
      { ino: 'a', exclude: true },
      { ino: 'b', exclude: false },
    ])
    expect(placed.map((p) => p.item)).toEqual(['c', 'a', 'b', 'new1', 'new2'])
    expect(placed.map((p) => p.exclude)).toEqual([false, true, false, false, false])
    expect(placed.map((p) => p.chosen)).toEqual([true, true, true, false, false])
  })

  it('keeps the natural order without a choice, and reads a damaged column as none', () => {
    expect(applyTrackOrder(['b', 'a'], (x) => x, null).map((p) => p.item)).toEqual(['b', 'a'])
    expect(parseTrackOrder('not json')).toBeNull()
    expect(parseTrackOrder('[{"ino":1}]')).toBeNull()
    expect(parseTrackOrder('[{"ino":"1","exclude":false}]')).toEqual([{ ino: '1', exclude: false }])
  })
})
