import type { ReactNode } from 'react'
import { cn } from '@/components/ui/index.ts'
import {
  CAPTION_MARGIN,
  CAPTION_SUB_LINE,
  CAPTION_TITLE_LINE,
  captionHeight,
  type CaptionLines,
} from '../model/card-geometry.ts'

/**
 * The text under a card, exactly `captionHeight(lines)` tall: a fixed number of one-line rows, each cut
 * with an ellipsis, and empty rows kept, so every card of a grid is as tall as its row says.
 */
export function CardCaption({
  lines,
  title,
  subs = [],
  titleTestId,
  center = false,
}: {
  lines: CaptionLines
  title: ReactNode
  /** The smaller lines, in order; missing or empty ones keep their place. */
  subs?: readonly ReactNode[]
  titleTestId?: string
  center?: boolean
}) {
  const height = captionHeight(lines)
  if (height === 0) return null
  return (
    <div
      className={cn('overflow-hidden px-0.5', center && 'text-center')}
      style={{ height, paddingTop: CAPTION_MARGIN }}
      data-testid="card-caption"
    >
      {lines.title === 1 && (
        <p
          className="truncate text-sm font-semibold text-fg"
          style={{ height: CAPTION_TITLE_LINE, lineHeight: `${CAPTION_TITLE_LINE}px` }}
          data-testid={titleTestId}
        >
          {title}
        </p>
      )}
      {Array.from({ length: lines.sub }, (_, index) => (
        <p
          key={index}
          className="truncate text-xs text-muted"
          style={{ height: CAPTION_SUB_LINE, lineHeight: `${CAPTION_SUB_LINE}px` }}
        >
          {subs[index] || '\u00a0'}
        </p>
      ))}
    </div>
  )
}
