import { COVER_SIZE_STEPS } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { COVER_WIDTH_STEPS } from '@/components/ui/index.ts'

describe('cover widths the client asks for', () => {
  it('are all sizes the server keeps, so none is snapped up to a larger image', () => {
    for (const width of COVER_WIDTH_STEPS) expect(COVER_SIZE_STEPS).toContain(width)
  })
})
