/** The cover sizes the bookshelf steps through (bookshelfCoverSize; default 120). */
export const COVER_SIZES = [80, 100, 120, 140, 160, 180, 200, 240] as const

/** The next size up (+1) or down (-1) from any stored size; the ends stay where they are. */
export function stepCoverSize(current: number, direction: 1 | -1): number {
  if (direction === 1)
    return COVER_SIZES.find((size) => size > current) ?? COVER_SIZES[COVER_SIZES.length - 1]!
  return [...COVER_SIZES].reverse().find((size) => size < current) ?? COVER_SIZES[0]
}

export const canGrow = (size: number) => size < COVER_SIZES[COVER_SIZES.length - 1]!
export const canShrink = (size: number) => size > COVER_SIZES[0]
