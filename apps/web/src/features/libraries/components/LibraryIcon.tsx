import type { ReactElement } from 'react'
import { Glyph, iconDrawings } from '@/components/ui/index.ts'

/** The spec's 17 library icons: nine shared with the general icon set, the rest drawn here on the same grid. */
const drawings: Record<string, ReactElement> = {
  database: iconDrawings.database,
  radio: iconDrawings.radio,
  podcast: iconDrawings.podcast,
  rss: iconDrawings.rss,
  headphones: iconDrawings.headphones,
  music: iconDrawings.music,
  power: iconDrawings.power,
  star: iconDrawings.star,
  heart: iconDrawings.heart,
  // Headphones over a row of book spines: the audiobook shelf.
  audiobookshelf: (
    <>
      <path d="M4 13V11a8 8 0 0 1 16 0v2" />
      <rect x="2.5" y="13" width="3.5" height="6" rx="1" />
      <rect x="18" y="13" width="3.5" height="6" rx="1" />
      <path d="M9 21v-7M12 21v-9M15 21v-7M8 21h8" />
    </>
  ),
  // Upright books of different heights, the last one leaning.
  'books-1': (
    <>
      <rect x="3" y="6" width="4" height="15" rx="0.5" />
      <rect x="8" y="3" width="4" height="18" rx="0.5" />
      <path d="m14 6.5 3.8-1.2 4.2 14.3-3.8 1.2z" />
      <path d="M3 10h4M8 7h4M8 17h4" />
    </>
  ),
  // A stack of books lying flat.
  'books-2': (
    <>
      <rect x="3" y="16" width="18" height="5" rx="1" />
      <rect x="5" y="10.5" width="14" height="5" rx="1" />
      <rect x="4" y="5" width="15" height="5" rx="1" />
      <path d="M6 16v5M8 10.5v5M7 5v5" />
    </>
  ),
  // An open book.
  'book-1': (
    <>
      <path d="M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2z" />
      <path d="M22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z" />
    </>
  ),
  // A condenser microphone on a stand.
  'microphone-1': (
    <>
      <rect x="9" y="2.5" width="6" height="11" rx="3" />
      <path d="M5.5 10.5a6.5 6.5 0 0 0 13 0M12 17v4M8 21h8" />
    </>
  ),
  // A handheld microphone with a grille.
  'microphone-3': (
    <>
      <circle cx="15" cy="8.5" r="5" />
      <path d="m11.5 12-8 8.5M13.2 14.5 9 18.7" />
      <path d="M12 7.5h6M13 10.5h4M15 3.5v10" />
    </>
  ),
  // A page with a folded corner and a picture on it.
  'file-picture': (
    <>
      <path d="M14 2.5H6a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-11z" />
      <path d="M14 2.5v6h6" />
      <circle cx="9" cy="12" r="1.5" />
      <path d="m6.5 19 4-4.5 2.5 2.5 2-2 2.5 4" />
    </>
  ),
  rocket: (
    <>
      <path d="M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z" />
      <path d="M12 15 9 12a22 22 0 0 1 2-4A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z" />
      <path d="M9 12H5s.5-3 2-4c1.6-1 5 0 5 0M12 15v4s3-.5 4-2c1-1.6 0-5 0-5" />
    </>
  ),
}

/** A library's icon by its spec name; an unknown name draws the database. */
export function LibraryIcon({
  icon,
  className,
  title,
}: {
  icon: string
  className?: string
  title?: string
}) {
  return (
    <Glyph className={className} title={title} data-icon={icon in drawings ? icon : 'database'}>
      {drawings[icon] ?? drawings.database}
    </Glyph>
  )
}
