/**
 * The arithmetic of the virtualised bookshelf: how many cards fit in a row, which rows to keep in the
 * DOM, and which server pages those rows need. The grid never holds more than `MAX_CARDS_IN_DOM` cards
 * and never asks for a page nobody looks at.
 */

export const MAX_CARDS_IN_DOM = 300
/** Rows a server page holds: a few, so the first screen arrives in one or two small answers. */
export const ROWS_PER_PAGE = 4
export const MIN_PAGE_SIZE = 12
export const MAX_PAGE_SIZE = 200

/** Cards per row for a container width (at least 1). */
export function gridColumns(containerWidth: number, cardWidth: number, gap: number): number {
  if (!(containerWidth > 0) || !(cardWidth > 0)) return 1
  return Math.max(1, Math.floor((containerWidth + gap) / (cardWidth + gap)))
}

export function gridRowCount(total: number, columns: number): number {
  return total > 0 ? Math.ceil(total / Math.max(1, columns)) : 0
}

/**
 * Rows per server page: a screenful plus one (so the first screen is one request), at least
 * ROWS_PER_PAGE.
 */
export function gridRowsPerPage(viewportHeight: number, rowHeight: number): number {
  if (!(viewportHeight > 0) || !(rowHeight > 0)) return ROWS_PER_PAGE
  return Math.max(ROWS_PER_PAGE, Math.ceil(viewportHeight / rowHeight) + 1)
}

/** Items per server page: whole rows, a few of them, within sane bounds. */
export function gridPageSize(columns: number, rowsPerPage = ROWS_PER_PAGE): number {
  const cols = Math.max(1, columns)
  const rows = Math.max(rowsPerPage, Math.ceil(MIN_PAGE_SIZE / cols))
  const size = cols * rows
  return size <= MAX_PAGE_SIZE ? size : Math.max(cols, Math.floor(MAX_PAGE_SIZE / cols) * cols)
}

/**
 * Rows rendered beyond each edge of the viewport: up to `preferred`, fewer when the whole window would
 * hold more than `maxCards` cards.
 */
export function gridOverscanRows(
  columns: number,
  visibleRows: number,
  preferred = 3,
  maxCards = MAX_CARDS_IN_DOM,
): number {
  const rowsAllowed = Math.floor(maxCards / Math.max(1, columns))
  const spare = rowsAllowed - Math.max(0, visibleRows)
  return Math.max(0, Math.min(preferred, Math.floor(spare / 2)))
}

/** Rows of the viewport that fit in the card budget (a tiny card size on a huge screen could exceed it). */
export function gridVisibleRowsCap(columns: number, maxCards = MAX_CARDS_IN_DOM): number {
  return Math.max(1, Math.floor(maxCards / Math.max(1, columns)))
}

/** The pages holding rows first..last (inclusive), clipped to the items that exist when `total` is known. */
export function pagesForRows(
  firstRow: number,
  lastRow: number,
  columns: number,
  pageSize: number,
  total: number | null,
): number[] {
  if (lastRow < firstRow || pageSize <= 0) return []
  const firstIndex = Math.max(0, firstRow) * columns
  let lastIndex = (lastRow + 1) * columns - 1
  if (total !== null) {
    if (total === 0) return []
    lastIndex = Math.min(lastIndex, total - 1)
  }
  if (lastIndex < firstIndex) return []
  const pages: number[] = []
  for (let page = Math.floor(firstIndex / pageSize); page <= Math.floor(lastIndex / pageSize); page++)
    pages.push(page)
  return pages
}

/** The pages to fetch for a settled viewport: what it shows plus one page ahead (where scrolling goes next). */
export function pagesToFetch(
  visible: { firstRow: number; lastRow: number },
  columns: number,
  pageSize: number,
  total: number | null,
): number[] {
  const pages = pagesForRows(visible.firstRow, visible.lastRow, columns, pageSize, total)
  if (pages.length === 0) return total === null ? [0] : []
  const next = pages[pages.length - 1]! + 1
  const lastPage = total === null ? next : Math.ceil(total / pageSize) - 1
  return next <= lastPage ? [...pages, next] : pages
}

/** Before the total is known: the pages a first screen of `viewportRows` rows needs, asked for at once. */
export function firstScreenPages(viewportRows: number, columns: number, pageSize: number): number[] {
  return pagesForRows(0, Math.max(0, viewportRows - 1), columns, pageSize, null)
}

/** Where item `index` lives: its page and its place in that page. */
export function pageOf(index: number, pageSize: number): { page: number; offset: number } {
  return { page: Math.floor(index / pageSize), offset: index % pageSize }
}

/** Indexes of the cards of one row (clipped to total). */
export function rowIndexes(row: number, columns: number, total: number): number[] {
  const start = row * columns
  const end = Math.min(total, start + columns)
  const out: number[] = []
  for (let i = start; i < end; i++) out.push(i)
  return out
}
