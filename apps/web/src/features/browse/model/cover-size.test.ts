import { describe, expect, it } from 'vitest'
import { canGrow, canShrink, stepCoverSize } from './cover-size.ts'

describe('cover size steps', () => {
  it('steps through the sizes and stops at the ends', () => {
    expect(stepCoverSize(120, 1)).toBe(140)
    expect(stepCoverSize(120, -1)).toBe(100)
    expect(stepCoverSize(240, 1)).toBe(240)
    expect(stepCoverSize(80, -1)).toBe(80)
    expect(canGrow(240)).toBe(false)
    expect(canShrink(80)).toBe(false)
  })

  it('snaps an odd stored size to a step in the chosen direction', () => {
    expect(stepCoverSize(130, 1)).toBe(140)
    expect(stepCoverSize(130, -1)).toBe(120)
    expect(stepCoverSize(1000, -1)).toBe(240)
  })
})
