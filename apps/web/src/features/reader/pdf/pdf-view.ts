/** The PDF body's view arithmetic: which page, at what size. Pure, so the rules are tested without pdf.js. */

/** How the page is sized: to the viewport's width, to the whole page in view, or a zoom the user chose. */
export type PdfFit = 'width' | 'page' | 'custom'

export interface PdfZoom {
  fit: PdfFit
  /** The user's scale (1 = 72 dpi at CSS pixels, 100 %); used when fit is 'custom'. */
  scale: number
}

export const MIN_SCALE = 0.25
export const MAX_SCALE = 5
/** Zoom steps the buttons walk through (as in most PDF viewers: small steps near 100 %, larger above). */
const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5]
/** Room kept around the page so its edge stays visible against the dark backdrop. */
export const PAGE_MARGIN_PX = 16

export const clampPage = (page: number, numPages: number) =>
  Math.min(Math.max(1, Math.round(page)), Math.max(1, numPages))

/** The saved `ebookLocation` of a PDF is a 1-based page number; anything else starts at page 1. */
export function initialPage(location: string | null, numPages: number): number {
  const page = Number.parseInt(location?.trim() ?? '', 10)
  return Number.isFinite(page) && page >= 1 ? clampPage(page, numPages) : 1
}

/** What a page number field's text asks for, or null when it is not a page of this book. */
export function requestedPage(text: string, numPages: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const page = Number(text)
  return page >= 1 && page <= numPages ? page : null
}

/** Fraction read for the progress bar: the last page is 1 (finished), page 1 of 100 is 0.01. */
export const progressOf = (page: number, numPages: number) => (numPages > 0 ? page / numPages : 0)

export interface Size {
  width: number
  height: number
}

/**
 * The CSS scale that draws a page of `pageSize` (in PDF points at scale 1) into `viewport` (CSS pixels) for a
 * zoom; width fits leave the margin on both sides, page fits keep the whole page in view.
 */
export function scaleFor(zoom: PdfZoom, pageSize: Size, viewport: Size): number {
  if (zoom.fit === 'custom') return clampScale(zoom.scale)
  const widthScale = (viewport.width - 2 * PAGE_MARGIN_PX) / pageSize.width
  const heightScale = (viewport.height - 2 * PAGE_MARGIN_PX) / pageSize.height
  const scale = zoom.fit === 'width' ? widthScale : Math.min(widthScale, heightScale)
  return Number.isFinite(scale) && scale > 0 ? clampScale(scale) : MIN_SCALE
}

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))

/** The next zoom step above (direction 1) or below (-1) the scale shown now. */
export function stepZoom(current: number, direction: 1 | -1): number {
  const next =
    direction > 0
      ? ZOOM_STEPS.find((step) => step > current + 0.001)
      : [...ZOOM_STEPS].reverse().find((step) => step < current - 0.001)
  return next ?? (direction > 0 ? MAX_SCALE : MIN_SCALE)
}

/** Phones open at fit width (a page fit leaves text too small to read); wider screens show the whole page. */
export const defaultZoom = (phone: boolean): PdfZoom => ({ fit: phone ? 'width' : 'page', scale: 1 })
