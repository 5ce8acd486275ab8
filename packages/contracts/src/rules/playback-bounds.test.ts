import { describe, expect, it } from 'vitest'
import { limits } from '../limits.ts'
import { clampRate, clampVolume, stepRate } from './playback-bounds.ts'

describe('playback bounds (spec §5)', () => {
  it('keeps a rate inside 0.5–10, rounded to 2 decimals', () => {
    expect([0.1, 0.5, 1.234, 10, 12, Number.NaN].map(clampRate)).toEqual([0.5, 0.5, 1.23, 10, 10, 1])
    expect(limits.playbackRateMin).toBe(0.5)
    expect(limits.playbackRateMax).toBe(10)
  })
  it('steps the rate by the user step without drift and stops at the bounds', () => {
    expect(stepRate(1, 0.1, 1)).toBe(1.1)
    expect(stepRate(1.15, 0.05, -1)).toBe(1.1)
    expect(stepRate(0.5, 0.1, -1)).toBe(0.5)
    expect(stepRate(10, 0.1, 1)).toBe(10)
  })
  it('clamps the volume to 0–1', () => {
    expect([-1, 0, 0.333, 1, 2, Number.NaN].map(clampVolume)).toEqual([0, 0, 0.33, 1, 1, 0.5])
  })
})
