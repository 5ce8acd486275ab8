/**
 * The messages between the app (frame-host.ts) and the reader frame (frame/frame-main.ts), which runs foliate-js
 * under its own strict CSP. The frame announces itself with `ready` on window.postMessage (no data); the app
 * answers with `open` and a MessagePort, and everything after goes over that port. Both sides check each
 * message's source, origin and shape, and drop anything else.
 */

/** The reader settings the frame applies (a subset of ereader-settings.ts, flattened for the frame). */
export interface FrameStyle {
  theme: 'dark' | 'sepia' | 'light'
  font: 'serif' | 'sans-serif'
  fontScale: number
  lineSpacing: number
  textStroke: number
  spread: 'none' | 'auto'
  flow: 'paginated' | 'scrolled'
}

export interface TocEntry {
  label: string
  href: string
  subitems: TocEntry[]
}

export interface SearchExcerpt {
  pre: string
  match: string
  post: string
}

export interface SearchHit {
  cfi: string
  excerpt: SearchExcerpt
}

/** One chapter with hits. */
export interface SearchChapter {
  label: string
  hits: SearchHit[]
}

/** Why a book could not be shown; the app turns it into a translated message. */
export type FrameErrorCode = 'empty' | 'damaged' | 'tooLarge' | 'unsupported'

export type HostToFrame =
  | {
      type: 'open'
      book: ArrayBuffer
      fileName: string
      initialLocation: string | null
      style: FrameStyle
    }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'goTo'; target: string }
  | { type: 'search'; id: number; query: string }
  | { type: 'clearSearch' }
  | { type: 'setStyle'; style: FrameStyle }

export type FrameToHost =
  | { type: 'ready' }
  | { type: 'opened'; toc: TocEntry[] }
  | { type: 'relocate'; cfi: string; fraction: number; atEnd: boolean }
  | { type: 'searchResults'; id: number; chapters: SearchChapter[]; done: boolean }
  | { type: 'error'; code: FrameErrorCode }
  /** Keys pressed while the book has focus, replayed on the app's document for the overlay's hotkeys. */
  | { type: 'key'; key: 'ArrowLeft' | 'ArrowRight' | 'Escape' }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isString = (v: unknown, max = 10_000): v is string => typeof v === 'string' && v.length <= max
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

export const ERROR_CODES: readonly FrameErrorCode[] = ['empty', 'damaged', 'tooLarge', 'unsupported']
const FORWARDED_KEYS = ['ArrowLeft', 'ArrowRight', 'Escape'] as const

function readToc(value: unknown, depth = 0): TocEntry[] | null {
  if (!Array.isArray(value) || depth > 8) return null
  const out: TocEntry[] = []
  for (const item of value) {
    if (!isRecord(item) || !isString(item.label, 1000) || !isString(item.href, 2000)) return null
    const subitems = readToc(item.subitems ?? [], depth + 1)
    if (!subitems) return null
    out.push({ label: item.label, href: item.href, subitems })
  }
  return out
}

function readChapters(value: unknown): SearchChapter[] | null {
  if (!Array.isArray(value)) return null
  const out: SearchChapter[] = []
  for (const chapter of value) {
    if (!isRecord(chapter) || !isString(chapter.label, 1000) || !Array.isArray(chapter.hits)) return null
    const hits: SearchHit[] = []
    for (const hit of chapter.hits) {
      if (!isRecord(hit) || !isString(hit.cfi, 2000) || !isRecord(hit.excerpt)) return null
      const { pre, match, post } = hit.excerpt
      if (!isString(pre, 500) || !isString(match, 500) || !isString(post, 500)) return null
      hits.push({ cfi: hit.cfi, excerpt: { pre, match, post } })
    }
    out.push({ label: chapter.label, hits })
  }
  return out
}

/** The frame's message, if it is one of ours and well formed; anything else is dropped. */
export function readFrameMessage(data: unknown): FrameToHost | null {
  if (!isRecord(data)) return null
  switch (data.type) {
    case 'ready':
      return { type: 'ready' }
    case 'opened': {
      const toc = readToc(data.toc)
      return toc ? { type: 'opened', toc } : null
    }
    case 'relocate':
      return isString(data.cfi, 2000) && isFiniteNumber(data.fraction)
        ? {
            type: 'relocate',
            cfi: data.cfi,
            fraction: Math.min(1, Math.max(0, data.fraction)),
            atEnd: data.atEnd === true,
          }
        : null
    case 'searchResults': {
      const chapters = readChapters(data.chapters)
      return chapters && isFiniteNumber(data.id) && typeof data.done === 'boolean'
        ? { type: 'searchResults', id: data.id, chapters, done: data.done }
        : null
    }
    case 'error':
      return ERROR_CODES.includes(data.code as FrameErrorCode)
        ? { type: 'error', code: data.code as FrameErrorCode }
        : null
    case 'key':
      return FORWARDED_KEYS.includes(data.key as (typeof FORWARDED_KEYS)[number])
        ? { type: 'key', key: data.key as (typeof FORWARDED_KEYS)[number] }
        : null
    default:
      return null
  }
}

const THEMES = ['dark', 'sepia', 'light'] as const
const FONTS = ['serif', 'sans-serif'] as const
const SPREADS = ['none', 'auto'] as const
const FLOWS = ['paginated', 'scrolled'] as const

function readStyle(value: unknown): FrameStyle | null {
  if (!isRecord(value)) return null
  const { theme, font, fontScale, lineSpacing, textStroke, spread, flow } = value
  if (!THEMES.includes(theme as FrameStyle['theme']) || !FONTS.includes(font as FrameStyle['font']))
    return null
  if (!SPREADS.includes(spread as FrameStyle['spread'])) return null
  if (!FLOWS.includes(flow as FrameStyle['flow'])) return null
  if (!isFiniteNumber(fontScale) || !isFiniteNumber(lineSpacing) || !isFiniteNumber(textStroke)) return null
  return {
    theme: theme as FrameStyle['theme'],
    font: font as FrameStyle['font'],
    fontScale,
    lineSpacing,
    textStroke,
    spread: spread as FrameStyle['spread'],
    flow: flow as FrameStyle['flow'],
  }
}

/** The app's message as the frame reads it. */
export function readHostMessage(data: unknown): HostToFrame | null {
  if (!isRecord(data)) return null
  switch (data.type) {
    case 'open': {
      const style = readStyle(data.style)
      const location = data.initialLocation
      if (!(data.book instanceof ArrayBuffer) || !isString(data.fileName, 500) || !style) return null
      if (location !== null && !isString(location, 2000)) return null
      return {
        type: 'open',
        book: data.book,
        fileName: data.fileName,
        initialLocation: location,
        style,
      }
    }
    case 'next':
    case 'prev':
    case 'clearSearch':
      return { type: data.type }
    case 'goTo':
      return isString(data.target, 2000) ? { type: 'goTo', target: data.target } : null
    case 'search':
      return isFiniteNumber(data.id) && isString(data.query, 500)
        ? { type: 'search', id: data.id, query: data.query }
        : null
    case 'setStyle': {
      const style = readStyle(data.style)
      return style ? { type: 'setStyle', style } : null
    }
    default:
      return null
  }
}
