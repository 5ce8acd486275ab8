/**
 * Cover rules of spec §9, free of any domain type: placeholder text limits, the aspect ratio (height over
 * width: 1.6 standard, 1 square), when the image needs a blurred background, and the pixel width to ask
 * the server for.
 */

export const COVER_ASPECT_STANDARD = 1.6
export const COVER_ASPECT_SQUARE = 1
export const COVER_TITLE_MAX_CHARS = 60
export const COVER_AUTHOR_MAX_CHARS = 30
/** An image whose height/width differs from the box's by more than this is shown contained over a blur. */
export const COVER_BACKGROUND_THRESHOLD = 0.15
/** Width of a cover at the default size (bookshelfCoverSize 120); square covers are 1.6 times wider. */
export const COVER_BASE_WIDTH_STANDARD = 120
export const COVER_BASE_WIDTH_SQUARE = 192

export function coverAspectRatio(square: boolean): number {
  return square ? COVER_ASPECT_SQUARE : COVER_ASPECT_STANDARD
}

/** Text longer than `max` characters is cut to `max - 3` plus an ellipsis (whole code points, never half an emoji). */
export function truncateCoverText(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max - 3).join('')}…` : text
}

export const coverPlaceholderTitle = (title: string) => truncateCoverText(title, COVER_TITLE_MAX_CHARS)
export const coverPlaceholderAuthor = (author: string) => truncateCoverText(author, COVER_AUTHOR_MAX_CHARS)

/** Whether a loaded image of this natural size needs the blurred background in a box of `aspectRatio`. */
export function coverNeedsBackground(
  naturalWidth: number,
  naturalHeight: number,
  aspectRatio: number,
): boolean {
  if (naturalWidth <= 0 || naturalHeight <= 0) return false
  return Math.abs(naturalHeight / naturalWidth - aspectRatio) > COVER_BACKGROUND_THRESHOLD
}

/** Author images use the blurred background when width/height is below 0.5 or above 2 (spec §5). */
export function authorImageNeedsBackground(naturalWidth: number, naturalHeight: number): boolean {
  if (naturalWidth <= 0 || naturalHeight <= 0) return false
  const ratio = naturalWidth / naturalHeight
  return ratio < 0.5 || ratio > 2
}

/** The box of a cover for a cover-size setting: the size is the width of a standard cover; height is 1.6 times it. */
export function coverBox(coverSize: number, aspectRatio: number): { width: number; height: number } {
  const height = Math.round(coverSize * COVER_ASPECT_STANDARD)
  return { width: Math.round(height / aspectRatio), height }
}

/**
 * Widths the client asks the server for. Few steps keep the server's resized-cover cache small and
 * let the browser reuse one image across similar sizes.
 */
export const COVER_WIDTH_STEPS = [80, 120, 160, 240, 320, 400, 480, 640, 800] as const

/** The smallest step that covers `cssWidth` at the screen's pixel ratio (the largest step beyond it). */
export function coverRequestWidth(cssWidth: number, pixelRatio = 1): number {
  const needed = Math.ceil(Math.max(1, cssWidth) * Math.max(1, pixelRatio))
  return COVER_WIDTH_STEPS.find((step) => step >= needed) ?? 800
}

/**
 * Left offsets of a series fan: at most `max` covers (spec: 10), spread evenly so the last one ends at
 * the fan's right edge.
 */
export function coverFanOffsets(count: number, coverWidth: number, fanWidth: number, max = 10): number[] {
  const n = Math.min(Math.max(0, count), max)
  if (n === 0) return []
  if (n === 1) return [Math.max(0, (fanWidth - coverWidth) / 2)]
  const step = Math.max(0, fanWidth - coverWidth) / (n - 1)
  return Array.from({ length: n }, (_, i) => Math.round(i * step))
}
