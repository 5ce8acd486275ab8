import { describe, expect, it } from 'vitest'
import { isChanged, moveTrack, toTracksRequest, toggleExclude, type TrackDraft } from './track-order.ts'

const row = (ino: string, exclude = false): TrackDraft => ({ ino, name: `${ino}.mp3`, duration: 1, exclude })

describe('track order', () => {
  it('moves a row up, down and to the ends, clamped to the list', () => {
    const list = ['a', 'b', 'c']
    expect(moveTrack(list, 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveTrack(list, 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveTrack(list, 1, 9)).toEqual(['a', 'c', 'b'])
    expect(moveTrack(list, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveTrack(list, 5, 0)).toEqual(['a', 'b', 'c'])
  })

  it('knows when the order or an exclusion changed, and builds the request', () => {
    const saved = [row('a'), row('b')]
    expect(isChanged(saved, [row('a'), row('b')])).toBe(false)
    expect(isChanged(saved, [row('b'), row('a')])).toBe(true)
    const excluded = toggleExclude(saved, 'b')
    expect(isChanged(saved, excluded)).toBe(true)
    expect(toTracksRequest(excluded)).toEqual({
      orderedFileData: [
        { ino: 'a', exclude: false },
        { ino: 'b', exclude: true },
      ],
    })
  })
})
