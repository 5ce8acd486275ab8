import type { ServerYearStats, UserYearStats } from '@shelfcast/contracts'

/** The years the picker offers: those with data (newest first), the current year when none, and the shown one. */
export function yearOptions(yearsWithData: readonly number[] | undefined, selected: number, current: number) {
  const years = new Set(yearsWithData ?? [])
  if (years.size === 0) years.add(current)
  years.add(selected)
  return [...years].sort((a, b) => b - a)
}

/** A year with nothing to show: no listening, nothing finished (and, for the server, nothing added). */
export function isEmptyUserYear(stats: UserYearStats): boolean {
  return stats.totalListeningTime <= 0 && stats.numBooksFinished === 0
}

export function isEmptyServerYear(stats: ServerYearStats): boolean {
  return stats.totalListeningTime <= 0 && stats.numBooksFinished === 0 && stats.numBooksAdded === 0
}
