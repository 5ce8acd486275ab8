import type { ReactElement } from 'react'
import { Glyph } from '@/components/ui/index.ts'

/** Player glyphs (24-unit grid, currentColor). */
const icons = {
  play: <path d="M7 4.5v15l13-7.5z" fill="currentColor" />,
  pause: <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />,
  prev: <path d="M6 5v14M19 5 9 12l10 7z" />,
  next: <path d="M18 5v14M5 5l10 7-10 7z" />,
  back: (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 3v5h5" />
    </>
  ),
  forward: (
    <>
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 3v5h-5" />
    </>
  ),
  volume: (
    <>
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
    </>
  ),
  volumeOff: (
    <>
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="m17 9 5 6M22 9l-5 6" />
    </>
  ),
  sleep: <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" />,
  bookmark: <path d="M6 3h12v18l-6-4-6 4z" />,
  bookmarkFilled: <path d="M6 3h12v18l-6-4-6 4z" fill="currentColor" />,
  chapters: <path d="M4 6h16M4 12h16M4 18h10" />,
  queue: <path d="M3 6h13M3 12h13M3 18h9M19 14v7M15.5 17.5h7" />,
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  cast: (
    <>
      <path d="M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" />
      <path d="M2 12a9 9 0 0 1 9 9M2 16a5 5 0 0 1 5 5M2 20.5h.01" />
    </>
  ),
  expand: <path d="M14 4h6v6M10 20H4v-6M20 4l-6.5 6.5M4 20l6.5-6.5" />,
  collapse: <path d="M4 14h6v6M20 10h-6V4M14 10l6.5-6.5M10 14l-6.5 6.5" />,
} satisfies Record<string, ReactElement>

export type PlayerIconName = keyof typeof icons

export function PlayerIcon({ name, className }: { name: PlayerIconName; className?: string }) {
  return (
    <Glyph strokeWidth={2} className={className}>
      {icons[name]}
    </Glyph>
  )
}
