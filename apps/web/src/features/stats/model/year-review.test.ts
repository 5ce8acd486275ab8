import { describe, expect, it } from 'vitest'
import { yearOptions } from './year-review.ts'

describe('yearOptions', () => {
  it('lists the years with data newest first, with the shown year', () => {
    expect(yearOptions([2024, 2022], 2024, 2026)).toEqual([2024, 2022])
    expect(yearOptions([2024, 2022], 2026, 2026)).toEqual([2026, 2024, 2022])
  })
  it('offers the current year when there is no data', () => {
    expect(yearOptions([], 2026, 2026)).toEqual([2026])
    expect(yearOptions(undefined, 2026, 2026)).toEqual([2026])
  })
})
