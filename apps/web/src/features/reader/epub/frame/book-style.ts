import type { FrameStyle } from '../frame-protocol.ts'

/** Page and text colours of the three reader themes. */
export const THEME_COLOURS: Record<FrameStyle['theme'], { background: string; text: string; link: string }> =
  {
    dark: { background: '#232323', text: '#e8e6e3', link: '#8ab4f8' },
    sepia: { background: '#f4ecd8', text: '#5b4636', link: '#7a4b1e' },
    light: { background: '#ffffff', text: '#111111', link: '#1a4fa0' },
  }

/**
 * The stylesheet foliate puts into every section: the theme wins over the book's colours, the font family,
 * scale and line spacing are the reader's, boldness is a text stroke. Sizes in the book stay relative to ours.
 */
export function bookCss(style: FrameStyle): string {
  const { background, text, link } = THEME_COLOURS[style.theme]
  const family = style.font === 'serif' ? 'Georgia, "Times New Roman", serif' : 'system-ui, Arial, sans-serif'
  const stroke = style.textStroke > 0 ? `${(style.textStroke / 100).toFixed(2)}px ${text}` : '0'
  return `
html {
  color-scheme: ${style.theme === 'dark' ? 'dark' : 'light'};
  background: ${background} !important;
  color: ${text} !important;
  font-size: ${style.fontScale}% !important;
}
body, body * {
  color: ${text} !important;
  background-color: transparent !important;
  font-family: ${family} !important;
  -webkit-text-stroke: ${stroke};
}
p, li, blockquote, dd, div, span {
  line-height: ${style.lineSpacing / 100} !important;
}
a:link, a:visited, a:link *, a:visited * {
  color: ${link} !important;
}
img, svg, video {
  max-width: 100%;
  -webkit-text-stroke: 0;
}
pre {
  white-space: pre-wrap !important;
}
`
}

/**
 * Paginator attributes: pages or one scrolling column (flow); one column when spread is none, up to two side by side
 * when auto.
 */
export function layoutAttributes(style: FrameStyle): Record<string, string> {
  return {
    flow: style.flow,
    gap: '6%',
    margin: '40px',
    'max-inline-size': '720px',
    'max-column-count': style.spread === 'none' ? '1' : '2',
  }
}
