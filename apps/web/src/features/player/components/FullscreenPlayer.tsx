import { useTranslation } from 'react-i18next'
import { chapterAt } from '../model/player-rules.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'
import { NowPlayingInfo, PlayerCover, PlayerRegion } from './NowPlaying.tsx'
import { PlayerIconButton } from './PlayerIconButton.tsx'
import type { PlayerModalName } from './PlayerModals.tsx'
import { PlayerSideControls } from './PlayerSideControls.tsx'
import { PlayerTransport } from './PlayerTransport.tsx'

/**
 * The full-screen player: large cover, title and author, the chapter, and the bar's controls. Not a
 * dialog: the player hotkeys keep working here (Escape leaves it, see closePlayer).
 */
export function FullscreenPlayer({ onOpenModal }: { onOpenModal: (name: PlayerModalName) => void }) {
  const { t } = useTranslation()
  const chapterTitle = usePlayerStore((s) => chapterAt(s.session?.chapters ?? [], s.currentTime)?.title)
  return (
    <PlayerRegion className="fixed inset-0 z-50 flex flex-col bg-surface" testId="player-fullscreen">
      <div className="flex justify-end p-3">
        <PlayerIconButton
          name="collapse"
          label={t('ButtonCollapsePlayer')}
          onClick={() => setPlayerFullscreen(false)}
          testId="player-fullscreen-collapse"
          iconClassName="size-7"
        />
      </div>
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-5 overflow-y-auto px-6 pb-8">
        <PlayerCover width={512} className="aspect-square w-full max-w-sm rounded-lg shadow-2xl" />
        <div className="w-full min-w-0 text-center">
          <NowPlayingInfo large />
          {chapterTitle && (
            <p className="mt-2 truncate text-lg" data-testid="player-fullscreen-chapter">
              {chapterTitle}
            </p>
          )}
        </div>
        <PlayerTransport large />
        <PlayerSideControls onOpenModal={onOpenModal} />
      </div>
    </PlayerRegion>
  )
}
