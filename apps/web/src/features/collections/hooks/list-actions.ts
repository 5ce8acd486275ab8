import type { ListEntryView } from '../model/list-view.ts'

/** What the list page and its edit modal can do to one collection or playlist. */
export interface ListActions {
  /**
   * New order as entry keys: shown at once, rolled back with a toast when the server refuses; `deferred`
   * (keyboard moves) waits for the moves to stop before saving.
   */
  reorder: (keys: string[], options?: { deferred?: boolean }) => void
  removeEntry: (entry: ListEntryView) => void
  /** Answers whether it was saved. */
  save: (changes: { name: string; description: string | null }) => Promise<boolean>
  /** Deletes the list; answers whether it was deleted. */
  remove: () => Promise<boolean>
}
