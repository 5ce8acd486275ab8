/**
 * The year in review as a PNG, drawn on a canvas in the browser (spec: shareable as an image, no upload). Covers
 * come in as ImageBitmaps decoded from same-origin bytes, so the canvas is never tainted and toBlob works.
 */

export interface ReviewImageList {
  title: string
  /** "Name · 12 hr 5 min" lines, most first. */
  lines: string[]
}

export interface ReviewImageData {
  title: string
  subtitle: string
  /** Up to six big figures: label and value. */
  tiles: [label: string, value: string][]
  lists: ReviewImageList[]
  monthsTitle: string
  /** Short month names and minutes, January first. */
  months: { label: string; value: number }[]
  footer: string
}

export interface ReviewImageTheme {
  bg: string
  fg: string
  muted: string
  surface: string
  primary: string
}

export const IMAGE_WIDTH = 1080
export const IMAGE_HEIGHT = 1350
const PAD = 60
const FONT = "'Inter', 'Segoe UI', system-ui, sans-serif"

const fallbackTheme: ReviewImageTheme = {
  bg: '#121417',
  fg: '#e8eaed',
  muted: '#9aa3ae',
  surface: '#1b1e23',
  primary: '#34d399',
}

/** The page's current theme colours (Dark, Light or Sepia), so the image looks like the app. */
export function currentImageTheme(root: Element = document.documentElement): ReviewImageTheme {
  const style = getComputedStyle(root)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    bg: read('--theme-bg', fallbackTheme.bg),
    fg: read('--theme-fg', fallbackTheme.fg),
    muted: read('--theme-muted', fallbackTheme.muted),
    surface: read('--theme-surface', fallbackTheme.surface),
    primary: read('--theme-primary', fallbackTheme.primary),
  }
}

/** Shortens `text` with an ellipsis until it fits `maxWidth` pixels in the context's current font. */
export function fitText(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, text: string, maxWidth: number) {
  if (ctx.measureText(text).width <= maxWidth) return text
  let end = text.length
  while (end > 0 && ctx.measureText(`${text.slice(0, end)}…`).width > maxWidth) end -= 1
  return `${text.slice(0, end)}…`
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, r)
  ctx.fill()
}

/** Draws the whole review onto a IMAGE_WIDTH × IMAGE_HEIGHT context. */
export function drawYearReview(
  ctx: CanvasRenderingContext2D,
  data: ReviewImageData,
  theme: ReviewImageTheme,
  covers: ImageBitmap[],
) {
  const inner = IMAGE_WIDTH - PAD * 2
  ctx.fillStyle = theme.bg
  ctx.fillRect(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT)
  ctx.textBaseline = 'alphabetic'

  ctx.fillStyle = theme.primary
  ctx.font = `bold 56px ${FONT}`
  ctx.fillText(fitText(ctx, data.title, inner), PAD, PAD + 50)
  ctx.fillStyle = theme.muted
  ctx.font = `28px ${FONT}`
  ctx.fillText(fitText(ctx, data.subtitle, inner), PAD, PAD + 95)

  // Figures: three per row.
  let y = PAD + 130
  const tileW = (inner - 2 * 20) / 3
  const tileH = 120
  data.tiles.slice(0, 6).forEach(([label, value], i) => {
    const x = PAD + (i % 3) * (tileW + 20)
    const ty = y + Math.floor(i / 3) * (tileH + 20)
    ctx.fillStyle = theme.surface
    roundedRect(ctx, x, ty, tileW, tileH, 18)
    ctx.fillStyle = theme.muted
    ctx.font = `22px ${FONT}`
    ctx.fillText(fitText(ctx, label.toUpperCase(), tileW - 40), x + 20, ty + 40)
    ctx.fillStyle = theme.fg
    ctx.font = `bold 40px ${FONT}`
    ctx.fillText(fitText(ctx, value, tileW - 40), x + 20, ty + 95)
  })
  y += Math.ceil(Math.min(6, data.tiles.length) / 3) * (tileH + 20) + 10

  // Covers: a row of up to six.
  if (covers.length > 0) {
    const size = (inner - 5 * 16) / 6
    covers.slice(0, 6).forEach((cover, i) => {
      const x = PAD + i * (size + 16)
      const scale = Math.max(size / cover.width, size / cover.height)
      const w = cover.width * scale
      const h = cover.height * scale
      ctx.save()
      ctx.beginPath()
      ctx.roundRect(x, y, size, size, 10)
      ctx.clip()
      ctx.drawImage(cover, x + (size - w) / 2, y + (size - h) / 2, w, h)
      ctx.restore()
    })
    y += size + 30
  }

  // Top lists side by side.
  const lists = data.lists.slice(0, 3)
  if (lists.length > 0) {
    const colW = (inner - (lists.length - 1) * 24) / lists.length
    lists.forEach((list, i) => {
      const x = PAD + i * (colW + 24)
      ctx.fillStyle = theme.primary
      ctx.font = `bold 26px ${FONT}`
      ctx.fillText(fitText(ctx, list.title, colW), x, y + 26)
      ctx.fillStyle = theme.fg
      ctx.font = `22px ${FONT}`
      list.lines.slice(0, 5).forEach((line, j) => {
        ctx.fillText(fitText(ctx, `${j + 1}. ${line}`, colW), x, y + 66 + j * 34)
      })
    })
    y += 66 + 5 * 34
  }

  // Month chart, to the bottom of the image.
  const chartTop = y + 10
  ctx.fillStyle = theme.primary
  ctx.font = `bold 26px ${FONT}`
  ctx.fillText(fitText(ctx, data.monthsTitle, inner), PAD, chartTop + 26)
  const plotTop = chartTop + 50
  const plotBottom = IMAGE_HEIGHT - PAD - 70
  const plotH = Math.max(40, plotBottom - plotTop)
  const max = Math.max(0, ...data.months.map((m) => m.value))
  const colGap = 14
  const colW = (inner - 11 * colGap) / 12
  ctx.font = `20px ${FONT}`
  ctx.textAlign = 'center'
  data.months.slice(0, 12).forEach((month, i) => {
    const x = PAD + i * (colW + colGap)
    const h = max > 0 && month.value > 0 ? Math.max(4, (month.value / max) * plotH) : 0
    ctx.fillStyle = theme.surface
    roundedRect(ctx, x, plotTop, colW, plotH, 6)
    if (h > 0) {
      ctx.fillStyle = theme.primary
      roundedRect(ctx, x, plotTop + plotH - h, colW, h, 6)
    }
    ctx.fillStyle = theme.muted
    ctx.fillText(fitText(ctx, month.label, colW + colGap), x + colW / 2, plotBottom + 30)
  })
  ctx.textAlign = 'left'

  ctx.fillStyle = theme.muted
  ctx.font = `22px ${FONT}`
  ctx.fillText(fitText(ctx, data.footer, inner), PAD, IMAGE_HEIGHT - PAD + 10)
}

/** Draws the review and encodes it as PNG. */
export async function renderYearReviewPng(
  data: ReviewImageData,
  theme: ReviewImageTheme,
  covers: ImageBitmap[],
): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = IMAGE_WIDTH
  canvas.height = IMAGE_HEIGHT
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('No 2D canvas')
  drawYearReview(ctx, data, theme, covers)
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png')
  })
}

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled'

/**
 * Shares the PNG through the system share sheet when the browser can share files, else downloads it. Returns
 * what happened; `notSupported` is true when the browser has a share sheet but cannot share files (worth a toast).
 */
export async function shareOrDownloadPng(
  blob: Blob,
  fileName: string,
  title: string,
): Promise<{ outcome: ShareOutcome; notSupported: boolean }> {
  const file = new File([blob], fileName, { type: 'image/png' })
  const nav: Partial<Pick<Navigator, 'share' | 'canShare'>> =
    typeof navigator === 'undefined' ? {} : navigator
  const hasShare = typeof nav.share === 'function'
  if (hasShare && typeof nav.canShare === 'function' && nav.canShare({ files: [file] })) {
    try {
      await nav.share!({ files: [file], title })
      return { outcome: 'shared', notSupported: false }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError')
        return { outcome: 'cancelled', notSupported: false }
      // Any other refusal (no user activation left after drawing, a policy): fall back to the download.
    }
  }
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return { outcome: 'downloaded', notSupported: hasShare }
}
