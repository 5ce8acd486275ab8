import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/index.ts'
import { usePublishedHeight } from '../hooks/usePublishedHeight.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'
import { PlayerCover, PlayerRegion } from './NowPlaying.tsx'
import { dockedPlayerStyle } from './player-layout.ts'
import { PlayPauseButton } from './PlayPauseButton.tsx'

/**
 * The phone's player: one row of cover, title and author, and play/pause, with a thin progress line on
 * top. A tap anywhere but play/pause opens the full-screen now-playing view with every control.
 */
export function MiniPlayer() {
  const { t } = useTranslation()
  const session = usePlayerStore((s) => s.session)
  const currentTime = usePlayerStore((s) => s.currentTime)
  const duration = usePlayerStore((s) => s.duration)
  const loading = usePlayerStore((s) => s.state === 'LOADING' || !s.session)
  const ref = useRef<HTMLDivElement>(null)
  usePublishedHeight(ref, '--player-bar-height')
  const title = session?.displayTitle ?? ''
  const played = duration > 0 ? Math.min(100, Math.max(0, (currentTime / duration) * 100)) : 0
  return (
    <PlayerRegion
      ref={ref}
      className="fixed inset-x-0 z-40 border-t border-border bg-surface shadow-2xl"
      style={dockedPlayerStyle}
      testId="player-bar"
    >
      {/* The timeline runs left to right in every language, like the player's seek bar. */}
      <div dir="ltr" className="absolute inset-x-0 top-0 h-0.5 bg-surface-raised" aria-hidden="true">
        <div
          className="h-full bg-primary"
          style={{ width: `${played}%` }}
          data-testid="mini-player-progress"
        />
      </div>
      <div className="flex items-center gap-3 px-3 py-2" data-testid="mini-player">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-3 text-start"
          // Named by the title and author it shows; what a tap does is its description.
          title={t('ButtonExpandPlayer')}
          onClick={() => setPlayerFullscreen(true)}
          data-testid="mini-player-open"
        >
          <PlayerCover width={120} className="size-10 shrink-0 rounded" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold" data-testid="player-title">
              {title}
            </span>
            <span className="block truncate text-xs text-muted">{session?.displayAuthor}</span>
          </span>
        </button>
        {loading ? <Spinner className="size-10" label={t('MessageLoading')} /> : <PlayPauseButton />}
      </div>
    </PlayerRegion>
  )
}
