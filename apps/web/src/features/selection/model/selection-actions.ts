import type { MediaProgress, UserPermissions, UserType } from '@shelfcast/contracts'
import { isAdminOrUp, limits } from '@shelfcast/contracts/client'
import type { SelectedMediaItem } from '@/lib/item-selection.ts'

/** Spec §5/§9: the zip is asked for by URL, so more than 40 ids do not fit; Download is hidden above it. */
export const BATCH_DOWNLOAD_MAX_ITEMS = limits.batchDownloadMaxItems

export interface SelectionActionContext {
  user: { type: UserType; permissions: Pick<UserPermissions, 'update' | 'delete' | 'download'> }
  libraryMediaType: 'book' | 'podcast'
  selected: readonly SelectedMediaItem[]
}

/** Which actions the selection bar offers (spec §2 layout, §5, §6). */
export interface SelectionActions {
  /** Non-podcast libraries, every selected item has tracks. */
  play: boolean
  /** Book libraries. */
  markFinished: boolean
  /** Update permission, book libraries. */
  addToCollection: boolean
  /** Update permission; the batch page edits books only, as the server's batch update does. */
  edit: boolean
  /** Delete permission. */
  remove: boolean
  /** The admin context menu. */
  quickMatch: boolean
  /** Admin, non-podcast library, every selected item playable (spec §5). */
  quickEmbed: boolean
  rescan: boolean
  /** Admin with download permission, 40 or fewer items. */
  download: boolean
}

export function selectionActions({
  user,
  libraryMediaType,
  selected,
}: SelectionActionContext): SelectionActions {
  const isBook = libraryMediaType === 'book'
  const admin = isAdminOrUp(user.type)
  const some = selected.length > 0
  return {
    play: some && isBook && selected.every((s) => s.playable),
    markFinished: some && isBook,
    addToCollection: some && isBook && user.permissions.update,
    edit: some && isBook && user.permissions.update,
    remove: some && user.permissions.delete,
    // The batch quick match searches book providers.
    quickMatch: some && admin && isBook,
    quickEmbed: some && admin && isBook && selected.every((s) => s.playable),
    rescan: some && admin,
    download: some && admin && user.permissions.download && selected.length <= BATCH_DOWNLOAD_MAX_ITEMS,
  }
}

/** The context menu shows when it has at least one entry. */
export function hasSelectionMenu(actions: SelectionActions): boolean {
  return actions.quickMatch || actions.quickEmbed || actions.rescan || actions.download
}

/**
 * What the finished toggle sets: when every selected item is already finished it offers "not finished",
 * otherwise "finished" (as Audiobookshelf's bar does).
 */
export function finishedTarget(
  selected: readonly Pick<SelectedMediaItem, 'id'>[],
  progress: ReadonlyMap<string, Pick<MediaProgress, 'isFinished'>>,
): boolean {
  return !selected.every((s) => progress.get(s.id)?.isFinished === true)
}
