import type { Library, Shelf, ShelfItem } from '@shelfcast/contracts'
import { coverAspectRatio, coverBox } from '@/components/ui/index.ts'

/** Cover size of the home shelves (the cover-size control does not apply there). */
export const HOME_COVER_SIZE = 120
/** Rows of home in view from the start: their covers load eagerly, with high priority. */
export const HOME_EAGER_ROWS = 2

/** The shelves home shows, in order (empty ones are left out). */
export const visibleShelves = (shelves: readonly Shelf[]): Shelf[] =>
  shelves.filter((shelf) => shelf.entities.length > 0)

export const homeCoverAspectRatio = (library: Library): number =>
  coverAspectRatio(library.settings.coverAspectRatio === 1)

/** The items of the eager rows whose covers home draws as item cards (author and series rows draw their own). */
export function eagerShelfItems(shelves: readonly Shelf[]): ShelfItem[] {
  return visibleShelves(shelves)
    .slice(0, HOME_EAGER_ROWS)
    .flatMap((shelf) => (shelf.type === 'authors' || shelf.type === 'series' ? [] : shelf.entities))
}

/** CSS width of a home item cover in this library. */
export const homeCoverWidth = (library: Library): number =>
  coverBox(HOME_COVER_SIZE, homeCoverAspectRatio(library)).width
