import { create } from 'zustand'

/** What selection mode remembers of a chosen item: enough to decide which batch actions apply. */
export interface SelectedMediaItem {
  id: string
  libraryId: string
  mediaType: 'book' | 'podcast'
  /** It has audio tracks (Play and the queue need them). */
  playable: boolean
}

/** A click on a card's selection box: where the card sits on its shelf, and whether shift was held. */
export interface SelectionClick {
  /** Place of the card in its list; only the bookshelf gives one (range selection). */
  index?: number
  shiftKey?: boolean
}

/** The cards of a list between two places, inclusive, as far as the list has them loaded. */
export type SelectionRangeSource = (from: number, to: number) => readonly SelectedMediaItem[]

interface ItemSelectionState {
  /** Spec §3 global state `selectedMediaItems`, in the order they were chosen. */
  selectedMediaItems: readonly SelectedMediaItem[]
  /** Spec §3 `processingBatch`: a batch action is running; the actions wait. */
  processingBatch: boolean
  /** The card clicked last without shift: one end of a shift-click range. */
  anchorIndex: number | null
  /** The shelf that can answer a range (the bookshelf registers it while shown). */
  rangeSource: SelectionRangeSource | null
  /** The ids the batch edit page edits; kept apart so leaving the grid can clear the selection. */
  batchEditItemIds: readonly string[]
}

/**
 * Selection mode (spec §2, §4): shared by the cards that offer the boxes (browse) and the selection bar
 * and batch page (selection). It lives here, not in a feature, so neither feature imports the other.
 */
export const useItemSelection = create<ItemSelectionState>()(() => ({
  selectedMediaItems: [],
  processingBatch: false,
  anchorIndex: null,
  rangeSource: null,
  batchEditItemIds: [],
}))

/**
 * The selection after a click on `item`'s box. A plain click toggles it and makes it the range anchor.
 * A shift-click with an anchor and a range source selects every card between the anchor and the click
 * (ids already chosen keep their place; the order of the rest follows the shelf); without those it is a
 * plain toggle.
 */
export function selectionAfterClick(
  selected: readonly SelectedMediaItem[],
  anchorIndex: number | null,
  item: SelectedMediaItem,
  click: SelectionClick,
  rangeSource: SelectionRangeSource | null,
): { selected: readonly SelectedMediaItem[]; anchorIndex: number | null } {
  const { index, shiftKey = false } = click
  if (shiftKey && index !== undefined && anchorIndex !== null && rangeSource && anchorIndex !== index) {
    const range = rangeSource(Math.min(anchorIndex, index), Math.max(anchorIndex, index))
    const chosen = new Set(selected.map((s) => s.id))
    const added = range.filter((r) => !chosen.has(r.id))
    // The clicked card is always in the range, even when its page is not in the source's cache.
    const withClicked = range.some((r) => r.id === item.id) || chosen.has(item.id) ? added : [...added, item]
    return { selected: [...selected, ...withClicked], anchorIndex: index }
  }
  const isSelected = selected.some((s) => s.id === item.id)
  return {
    selected: isSelected ? selected.filter((s) => s.id !== item.id) : [...selected, item],
    anchorIndex: index ?? null,
  }
}

export function toggleItemSelected(item: SelectedMediaItem, click: SelectionClick = {}): void {
  useItemSelection.setState((state) => {
    if (state.processingBatch) return state
    const next = selectionAfterClick(
      state.selectedMediaItems,
      state.anchorIndex,
      item,
      click,
      state.rangeSource,
    )
    return { selectedMediaItems: next.selected, anchorIndex: next.anchorIndex }
  })
}

/** Deselect all; ignored while a batch action runs (spec §4: processingBatch blocks cancel). */
export function clearItemSelection(): void {
  const state = useItemSelection.getState()
  if (state.processingBatch || (state.selectedMediaItems.length === 0 && state.anchorIndex === null)) return
  useItemSelection.setState({ selectedMediaItems: [], anchorIndex: null })
}

/** Drops items that no longer exist (after a delete). */
export function deselectItems(ids: readonly string[]): void {
  const gone = new Set(ids)
  useItemSelection.setState((state) => ({
    selectedMediaItems: state.selectedMediaItems.filter((s) => !gone.has(s.id)),
  }))
}

export function setProcessingBatch(processingBatch: boolean): void {
  useItemSelection.setState({ processingBatch })
}

/**
 * Registers the shelf that answers shift-click ranges; returns the unregister function (only removes
 * its own source, so a newer shelf's registration survives an older one's cleanup).
 */
export function registerSelectionRangeSource(source: SelectionRangeSource): () => void {
  useItemSelection.setState({ rangeSource: source, anchorIndex: null })
  return () => {
    if (useItemSelection.getState().rangeSource === source) useItemSelection.setState({ rangeSource: null })
  }
}

export function setBatchEditItemIds(ids: readonly string[]): void {
  useItemSelection.setState({ batchEditItemIds: ids })
}

export function isItemSelected(
  state: { selectedMediaItems: readonly SelectedMediaItem[] },
  id: string,
): boolean {
  return state.selectedMediaItems.some((s) => s.id === id)
}
