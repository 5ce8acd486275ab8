import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { quickMatchCompleteText } from './socket-handlers.ts'

const t = (key: string, values: { count: number }) => i18n.t(key, values)

describe('batch quick match outcome', () => {
  it('names the updated books, and the unmatched ones when there are any', () => {
    expect(quickMatchCompleteText({ success: true, updates: 3, unmatched: 0 }, t)).toBe(
      'Batch quick match complete! 3 Updated',
    )
    expect(quickMatchCompleteText({ success: true, updates: 1, unmatched: 2 }, t)).toBe(
      'Batch quick match complete! 1 Updated 2 with no matches',
    )
  })
})
