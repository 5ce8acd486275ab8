import type { Chapter } from '@shelfcast/contracts'
import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { chapterAt, seekKeyTarget, seekTimeFromFraction } from '../model/player-rules.ts'

export interface SeekTrackProps {
  currentTime: number
  bufferedTime: number
  duration: number
  chapters: Chapter[]
  /** Chapter-track mode: the track spans this chapter only. */
  chapter: Chapter | null
  rate: number
  loading: boolean
  /** Seconds the arrow keys move back and forward (the user's jump amounts). */
  steps: { back: number; forward: number }
  onSeek: (time: number) => void
}

/**
 * Ready, buffered and played layers; chapter ticks (not in chapter-track mode); hover timestamp. A slider
 * for keyboards and screen readers: arrows, Page Up/Down, Home and End seek (within the chapter in
 * chapter-track mode).
 */
export function SeekTrack({
  currentTime,
  bufferedTime,
  duration,
  chapters,
  chapter,
  rate,
  loading,
  steps,
  onSeek,
}: SeekTrackProps) {
  const { t } = useTranslation()
  const [hover, setHover] = useState<{ x: number; time: number; rtl: boolean } | null>(null)
  const start = chapter?.start ?? 0
  const span = chapter ? chapter.end - chapter.start : duration
  const fraction = (time: number) => (span > 0 ? Math.min(1, Math.max(0, (time - start) / span)) : 0)

  const timeAt = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    // The track runs from the inline start: from the right in right-to-left layouts.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const x = rtl ? rect.right - event.clientX : event.clientX - rect.left
    const f = rect.width > 0 ? x / rect.width : 0
    return { x, time: seekTimeFromFraction(f, duration, chapter), rtl }
  }
  const hoverChapter = hover ? chapterAt(chapters, hover.time) : null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const target = seekKeyTarget(event.key, currentTime, { start, end: start + span }, steps)
    if (target === null) return
    // Handled here: the window's player hotkeys (arrows jump) skip a prevented event.
    event.preventDefault()
    if (!loading && span > 0) onSeek(target)
  }
  const position = Math.max(0, Math.min(span, currentTime - start))

  return (
    <div className="relative w-full">
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('LabelSeekTrack')}
        aria-valuemin={0}
        aria-valuemax={Math.round(span)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={t('LabelSeekPosition', {
          current: secondsToTimestamp(position / rate),
          total: secondsToTimestamp(span / rate),
        })}
        aria-disabled={loading || undefined}
        onKeyDown={onKeyDown}
        data-testid="player-seek-track"
        className="relative h-2 w-full cursor-pointer overflow-hidden rounded-full bg-surface-raised"
        onClick={(event) => {
          if (loading) return
          const { time } = timeAt(event)
          if (!Number.isFinite(time)) {
            console.error('[player] invalid seek time', time)
            return
          }
          onSeek(time)
        }}
        onMouseMove={(event) => setHover(timeAt(event))}
        onMouseLeave={() => setHover(null)}
      >
        {loading ? (
          <div className="absolute inset-0 animate-pulse bg-muted/40" data-testid="player-track-loading" />
        ) : (
          <>
            <div
              className="absolute inset-y-0 start-0 bg-muted/40"
              style={{ width: `${fraction(bufferedTime) * 100}%` }}
            />
            <div
              className="absolute inset-y-0 start-0 bg-primary"
              style={{ width: `${fraction(currentTime) * 100}%` }}
              data-testid="player-played"
            />
          </>
        )}
        {!chapter &&
          duration > 0 &&
          chapters
            .slice(1)
            .map((c) => (
              <div
                key={c.id}
                className="absolute inset-y-0 w-px bg-fg/40"
                style={{ insetInlineStart: `${(c.start / duration) * 100}%` }}
                data-testid="player-chapter-tick"
              />
            ))}
      </div>
      {hover && (
        <div
          className="pointer-events-none absolute bottom-4 hidden rounded bg-surface-raised px-2 py-1 text-xs whitespace-nowrap shadow md:block"
          // Centred on the pointer: half its width back towards the track's start.
          style={{ insetInlineStart: hover.x, translate: hover.rtl ? '50%' : '-50%' }}
          data-testid="player-hover-time"
        >
          {secondsToTimestamp(hover.time / rate)}
          {hoverChapter && <span className="ms-1 text-muted">{hoverChapter.title}</span>}
        </div>
      )}
    </div>
  )
}
