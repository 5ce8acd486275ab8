import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { usePublishedHeight } from '../hooks/usePublishedHeight.ts'
import { chapterAt } from '../model/player-rules.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'
import { NowPlayingInfo, PlayerCover, PlayerRegion } from './NowPlaying.tsx'
import { fullscreenPlayerStyle } from './player-layout.ts'
import { PlayerIconButton } from './PlayerIconButton.tsx'
import type { PlayerModalName } from './PlayerModals.tsx'
import { PlayerSideControls } from './PlayerSideControls.tsx'
import { PlayerTransport } from './PlayerTransport.tsx'

/**
 * The full-screen player (now-playing on phones): large cover, title and author, the chapter, and every
 * control of the bar. Not a dialog: the player hotkeys keep working here (Escape leaves it, see
 * closePlayer), and Back leaves it too (useNowPlayingHistory).
 */
export function FullscreenPlayer({ onOpenModal }: { onOpenModal: (name: PlayerModalName) => void }) {
  const { t } = useTranslation()
  const chapterTitle = usePlayerStore((s) => chapterAt(s.session?.chapters ?? [], s.currentTime)?.title)
  const controls = useRef<HTMLDivElement>(null)
  // Toasts sit above the controls here too.
  usePublishedHeight(controls, '--player-bar-height', 'to-window-bottom')
  return (
    <PlayerRegion
      className="fixed inset-0 z-50 flex flex-col bg-surface"
      style={fullscreenPlayerStyle}
      testId="player-fullscreen"
    >
      <div className="flex justify-end p-3">
        <PlayerIconButton
          name="collapse"
          label={t('ButtonCollapsePlayer')}
          onClick={() => setPlayerFullscreen(false)}
          testId="player-fullscreen-collapse"
          iconClassName="size-7"
        />
      </div>
      <div className="mx-auto flex min-h-0 w-full max-w-2xl flex-1 flex-col items-center justify-center gap-4 overflow-y-auto px-6 pb-6 sm:gap-5">
        <PlayerCover
          width={640}
          className="aspect-square w-[min(100%,24rem,42dvh)] shrink-0 rounded-lg shadow-2xl"
        />
        <div className="w-full min-w-0 text-center">
          <NowPlayingInfo large />
          {chapterTitle && (
            <p className="mt-2 truncate text-lg" data-testid="player-fullscreen-chapter">
              {chapterTitle}
            </p>
          )}
        </div>
        <div ref={controls} className="flex w-full flex-col items-center gap-4">
          <PlayerTransport large />
          <PlayerSideControls onOpenModal={onOpenModal} />
        </div>
      </div>
    </PlayerRegion>
  )
}
