import { metadataSources } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { moveItem, precedenceFromRows, precedenceRows } from './metadata-precedence.ts'

describe('metadata precedence', () => {
  it('shows the highest priority first and round-trips the default', () => {
    const rows = precedenceRows([...metadataSources])
    expect(rows[0]).toEqual({ source: 'absMetadata', included: true })
    expect(rows.at(-1)).toEqual({ source: 'folderStructure', included: true })
    expect(precedenceFromRows(rows)).toEqual([...metadataSources])
  })

  it('lists excluded sources after the included ones and leaves them out of the setting', () => {
    const rows = precedenceRows(['folderStructure', 'opfFile'])
    expect(rows.slice(0, 2)).toEqual([
      { source: 'opfFile', included: true },
      { source: 'folderStructure', included: true },
    ])
    expect(rows.slice(2).every((r) => !r.included)).toBe(true)
    expect(rows).toHaveLength(6)

    const reordered = moveItem(rows, 1, 0)
    const withNfo = reordered.map((r) => (r.source === 'nfoFile' ? { ...r, included: true } : r))
    expect(precedenceFromRows(withNfo)).toEqual(['nfoFile', 'opfFile', 'folderStructure'])
  })

  it('moveItem clamps and copies', () => {
    const list = ['a', 'b', 'c']
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(list, 2, -5)).toEqual(['c', 'a', 'b'])
    expect(moveItem(list, 5, 0)).toEqual(list)
    expect(list).toEqual(['a', 'b', 'c'])
  })
})
