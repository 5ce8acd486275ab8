import { COVER_ASPECT_STANDARD, coverBox } from '@/components/ui/cover-rules.ts'
import { COVER_SIZES } from './cover-size.ts'

/**
 * The one source of truth for the size of a card in the bookshelf grids: the grid's row pitch and the
 * card's rendered height both come from here, so a card can never be taller than its row (the detail
 * view once drew 232 px cards on a 216 px pitch and the next row swallowed their clicks).
 */

export type BookshelfView = 'standard' | 'detail'
/** book and podcast: ItemCard; series: SeriesCard; collection (and playlist): NamedListCard; author: AuthorCard. */
export type CardKind = 'book' | 'podcast' | 'series' | 'collection' | 'author'

/** Space between cards, across and down. */
export const GRID_GAP = 24
/** Space between the cover and its caption. */
export const CAPTION_MARGIN = 6
/** Height of the caption's first line (the title or name, text-sm). */
export const CAPTION_TITLE_LINE = 18
/** Height of each further caption line (text-xs). */
export const CAPTION_SUB_LINE = 16
/** A series or collection card is as wide as two covers. */
export const FAN_WIDTH_FACTOR = 2
/** An author card is square and a little wider than a standard cover. */
export const AUTHOR_WIDTH_FACTOR = 1.25

/** The lines under a card: its title line and how many smaller lines follow. None at all in the standard view. */
export interface CaptionLines {
  title: 0 | 1
  sub: number
}

/**
 * The caption of a kind of card. Book and podcast cards show theirs in the detail view only (title,
 * subtitle when asked for on books, then the sort caption); series, collection and author cards always
 * show name and count, in either view, since their cover alone does not say what they are.
 */
export function captionLines(kind: CardKind, view: BookshelfView, showSubtitle = false): CaptionLines {
  if (kind === 'book' || kind === 'podcast') {
    if (view === 'standard') return { title: 0, sub: 0 }
    return { title: 1, sub: kind === 'book' && showSubtitle ? 2 : 1 }
  }
  return { title: 1, sub: 1 }
}

/** Height of a caption, its top margin included (0 when it has no lines). */
export function captionHeight(lines: CaptionLines): number {
  if (lines.title === 0 && lines.sub === 0) return 0
  return CAPTION_MARGIN + lines.title * CAPTION_TITLE_LINE + lines.sub * CAPTION_SUB_LINE
}

export interface CardGeometryInput {
  kind: CardKind
  /** The cover-size setting (bookshelfCoverSize, one of COVER_SIZES). */
  coverSize: number
  view: BookshelfView
  /** Height over width of the library's covers (1.6 standard, 1 square); author images are always square. */
  aspectRatio: number
  /** Books' detail view: a subtitle line under the title. */
  showSubtitle?: boolean
}

export interface CardGeometry {
  /** The card's width, and the width of its one cover or image. */
  width: number
  coverWidth: number
  coverHeight: number
  lines: CaptionLines
  captionHeight: number
  /** The card's full rendered height: cover plus caption. */
  height: number
  /** The grid's row pitch: height plus the gap. */
  rowPitch: number
  gap: number
}

export function cardGeometry({
  kind,
  coverSize,
  view,
  aspectRatio,
  showSubtitle = false,
}: CardGeometryInput): CardGeometry {
  const lines = captionLines(kind, view, showSubtitle)
  const caption = captionHeight(lines)
  let coverWidth: number
  let coverHeight: number
  let width: number
  if (kind === 'author') {
    coverWidth = Math.round(coverBox(coverSize, COVER_ASPECT_STANDARD).width * AUTHOR_WIDTH_FACTOR)
    coverHeight = coverWidth
    width = coverWidth
  } else {
    const cover = coverBox(coverSize, aspectRatio)
    coverWidth = cover.width
    // The same rounding as CoverImage and CoverFan, which size themselves from the width.
    coverHeight = Math.round(cover.width * aspectRatio)
    width = kind === 'series' || kind === 'collection' ? coverWidth * FAN_WIDTH_FACTOR : coverWidth
  }
  const height = coverHeight + caption
  return {
    width,
    coverWidth,
    coverHeight,
    lines,
    captionHeight: caption,
    height,
    rowPitch: height + GRID_GAP,
    gap: GRID_GAP,
  }
}

/**
 * The cover size to draw at when a card of `input.coverSize` would be wider than `maxWidth` (a phone):
 * the largest step that fits, or the smallest step. The stored setting stays as the user chose it.
 */
export function fitCoverSize(input: CardGeometryInput, maxWidth: number): number {
  if (!(maxWidth > 0) || cardGeometry(input).width <= maxWidth) return input.coverSize
  const fitting = COVER_SIZES.filter(
    (size) => size <= input.coverSize && cardGeometry({ ...input, coverSize: size }).width <= maxWidth,
  )
  return fitting[fitting.length - 1] ?? COVER_SIZES[0]
}
