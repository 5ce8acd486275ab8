import { afterEach, describe, expect, it } from 'vitest'
import {
  clearItemSelection,
  deselectItems,
  registerSelectionRangeSource,
  selectionAfterClick,
  setProcessingBatch,
  toggleItemSelected,
  useItemSelection,
  type SelectedMediaItem,
} from './item-selection.ts'

const book = (n: number): SelectedMediaItem => ({
  id: `b${n}`,
  libraryId: 'lib',
  mediaType: 'book',
  playable: true,
})
/** A shelf of ten books where pages 0-9 are all loaded. */
const shelf = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => book(from + i))
const ids = (items: readonly SelectedMediaItem[]) => items.map((i) => i.id)

afterEach(() => {
  useItemSelection.setState({
    selectedMediaItems: [],
    processingBatch: false,
    anchorIndex: null,
    rangeSource: null,
  })
})

describe('selectionAfterClick', () => {
  it('toggles one item on a plain click and anchors there', () => {
    const on = selectionAfterClick([], null, book(3), { index: 3 }, shelf)
    expect(ids(on.selected)).toEqual(['b3'])
    expect(on.anchorIndex).toBe(3)
    const off = selectionAfterClick(on.selected, 3, book(3), { index: 3 }, shelf)
    expect(off.selected).toEqual([])
  })

  it('selects the range between the anchor and a shift-click, either direction, keeping what was chosen', () => {
    const down = selectionAfterClick([book(2)], 2, book(5), { index: 5, shiftKey: true }, shelf)
    expect(ids(down.selected)).toEqual(['b2', 'b3', 'b4', 'b5'])
    expect(down.anchorIndex).toBe(5)
    const up = selectionAfterClick([book(8), book(6)], 6, book(4), { index: 4, shiftKey: true }, shelf)
    expect(ids(up.selected)).toEqual(['b8', 'b6', 'b4', 'b5'])
  })

  it('treats shift without an anchor, an index or a range source as a plain toggle', () => {
    expect(ids(selectionAfterClick([], null, book(5), { index: 5, shiftKey: true }, shelf).selected)).toEqual(
      ['b5'],
    )
    expect(ids(selectionAfterClick([book(1)], 1, book(5), { shiftKey: true }, shelf).selected)).toEqual([
      'b1',
      'b5',
    ])
    expect(
      ids(selectionAfterClick([book(1)], 1, book(5), { index: 5, shiftKey: true }, null).selected),
    ).toEqual(['b1', 'b5'])
  })

  it('adds the clicked card even when its page is not in the range source', () => {
    const partial = (from: number, to: number) => shelf(from, to).filter((b) => b.id !== 'b5')
    expect(
      ids(selectionAfterClick([book(2)], 2, book(5), { index: 5, shiftKey: true }, partial).selected),
    ).toEqual(['b2', 'b3', 'b4', 'b5'])
  })
})

describe('the selection store', () => {
  it('uses the registered shelf for ranges and forgets it on unregister', () => {
    const off = registerSelectionRangeSource(shelf)
    toggleItemSelected(book(1), { index: 1 })
    toggleItemSelected(book(3), { index: 3, shiftKey: true })
    expect(ids(useItemSelection.getState().selectedMediaItems)).toEqual(['b1', 'b2', 'b3'])
    off()
    expect(useItemSelection.getState().rangeSource).toBeNull()
  })

  it('blocks toggling and clearing while a batch runs', () => {
    toggleItemSelected(book(1))
    setProcessingBatch(true)
    toggleItemSelected(book(2))
    clearItemSelection()
    expect(ids(useItemSelection.getState().selectedMediaItems)).toEqual(['b1'])
    setProcessingBatch(false)
    clearItemSelection()
    expect(useItemSelection.getState().selectedMediaItems).toEqual([])
  })

  it('drops deleted items', () => {
    toggleItemSelected(book(1))
    toggleItemSelected(book(2))
    deselectItems(['b1'])
    expect(ids(useItemSelection.getState().selectedMediaItems)).toEqual(['b2'])
  })
})
