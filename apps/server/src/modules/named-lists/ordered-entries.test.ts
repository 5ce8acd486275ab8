import { describe, expect, it } from 'vitest'
import { mergeKeepingHidden } from './ordered-entries.ts'

describe('mergeKeepingHidden', () => {
  const hidden = new Set(['H1', 'H2'])
  const visible = (x: string) => !hidden.has(x)

  it('reorders the visible entries around hidden ones that keep their slots', () => {
    expect(mergeKeepingHidden(['a', 'H1', 'b', 'c', 'H2'], ['c', 'a', 'b'], visible)).toEqual([
      'c',
      'H1',
      'a',
      'b',
      'H2',
    ])
  })
  it('drops removed visible entries and appends added ones', () => {
    expect(mergeKeepingHidden(['a', 'H1', 'b'], ['b'], visible)).toEqual(['b', 'H1'])
    expect(mergeKeepingHidden(['H1', 'a'], ['a', 'd', 'e'], visible)).toEqual(['H1', 'a', 'd', 'e'])
  })
})
