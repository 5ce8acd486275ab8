import type { SideRailEntry } from '../side-rail/side-rail-entries.ts'

/** How many side-rail entries the phone's bottom bar shows itself; the rest sit behind "More". */
export const BOTTOM_NAV_SLOTS = 4

/**
 * Splits the side rail for the phone's bottom bar: the first four entries as tabs, every other one in the
 * "More" sheet, so each entry is at most two taps away. A fifth entry alone still gets a sheet, to keep
 * the bar's five slots the same width whatever the library.
 */
export function splitBottomNavEntries(entries: SideRailEntry[]): {
  tabs: SideRailEntry[]
  more: SideRailEntry[]
} {
  return { tabs: entries.slice(0, BOTTOM_NAV_SLOTS), more: entries.slice(BOTTOM_NAV_SLOTS) }
}
