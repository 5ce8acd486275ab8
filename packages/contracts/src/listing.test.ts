import { describe, expect, it } from 'vitest'
import { encodeFilterValue, filterParam, LibraryItemsQuery } from './listing.ts'

describe('listing contracts', () => {
  it('encodes filter values as base64 of UTF-8, URL-encoded in the param', () => {
    expect(encodeFilterValue('Fantasy')).toBe('RmFudGFzeQ==')
    expect(Buffer.from(encodeFilterValue('Čapek – Ĺudia'), 'base64').toString('utf8')).toBe('Čapek – Ĺudia')
    expect(filterParam('genres', 'Fantasy')).toBe('genres.RmFudGFzeQ%3D%3D')
    expect(filterParam('issues')).toBe('issues')
  })

  it('parses query flags and rejects negative limits', () => {
    expect(
      LibraryItemsQuery.parse({ desc: '1', minified: 'true', collapseseries: '0', limit: '50' }),
    ).toMatchObject({
      desc: true,
      minified: true,
      collapseseries: false,
      limit: 50,
    })
    expect(LibraryItemsQuery.safeParse({ limit: '-1' }).success).toBe(false)
    expect(LibraryItemsQuery.safeParse({ page: 'x' }).success).toBe(false)
  })
})
