import type { ReactElement } from 'react'
import { Glyph } from '@/components/ui/index.ts'

/** The share player's glyphs (24-unit grid, currentColor). */
const glyphs = {
  play: <path d="M8 5v14l11-7z" fill="currentColor" />,
  pause: <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />,
  prev: <path d="M6 5v14M18 5 8.5 12l9.5 7z" />,
  next: <path d="M18 5v14M6 5l9.5 7L6 19z" />,
  back: (
    <>
      <path d="M4 12a8 8 0 1 0 2.6-5.9" />
      <path d="M4 4v5h5" />
    </>
  ),
  forward: (
    <>
      <path d="M20 12a8 8 0 1 1-2.6-5.9" />
      <path d="M20 4v5h-5" />
    </>
  ),
  chapters: <path d="M4 6h16M4 12h16M4 18h11" />,
} satisfies Record<string, ReactElement>

export type ShareGlyphName = keyof typeof glyphs

export function ShareGlyph({ name, className }: { name: ShareGlyphName; className?: string }) {
  return (
    <Glyph strokeWidth={2} className={className}>
      {glyphs[name]}
    </Glyph>
  )
}
