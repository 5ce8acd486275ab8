import { useEffect, useState } from 'react'
import { useApiClient } from '@/lib/api/index.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { handlePlayerHotkey } from '../hotkeys.ts'
import { playerController } from '../player-controller.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'
import { FullscreenPlayer } from './FullscreenPlayer.tsx'
import { NowPlayingInfo, PlayerCover, PlayerRegion } from './NowPlaying.tsx'
import { PlayerModals } from './OnDemandPlayerModals.tsx'
import type { PlayerModalName } from './PlayerModals.tsx'
import { closePlayer, PlayerSideControls } from './PlayerSideControls.tsx'
import { PlayerTransport } from './PlayerTransport.tsx'

/** The fixed bar at the bottom while something plays, or the full-screen player (mounted once by the main layout). */
export function PlayerBar() {
  const api = useApiClient()
  const controller = playerController()
  useEffect(() => controller.attach(api), [api, controller])
  const [modal, setModal] = useState<PlayerModalName | null>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        handlePlayerHotkey(event, controller, {
          openChapters: () => {
            // The toggle does nothing without chapters.
            if ((usePlayerStore.getState().session?.chapters.length ?? 0) > 0) setModal('chapters')
          },
          close: closePlayer,
        })
      )
        event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [controller])

  const session = usePlayerStore((s) => s.session)
  const starting = usePlayerStore((s) => s.libraryItemId)
  const fullscreen = usePlayerStore((s) => s.playerIsFullscreen)
  const open = session !== null || starting !== null
  // A player closed from elsewhere (server, error) does not come back full screen.
  useEffect(() => {
    if (!open) setPlayerFullscreen(false)
  }, [open])
  if (!open) return null
  return (
    <>
      <div className="h-32" aria-hidden="true" />
      {fullscreen ? <FullscreenPlayer onOpenModal={setModal} /> : <PlayerBarView onOpenModal={setModal} />}
      <PlayerModals open={modal} onClose={() => setModal(null)} />
    </>
  )
}

function PlayerBarView({ onOpenModal }: { onOpenModal: (name: PlayerModalName) => void }) {
  const duration = usePlayerStore((s) => s.duration)
  const rate = useUserSettings((s) => s.settings.playbackRate)
  return (
    <PlayerRegion
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface px-3 py-2 shadow-2xl md:px-4"
      testId="player-bar"
    >
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3 md:w-1/4 md:flex-none">
          <PlayerCover width={128} className="size-12 shrink-0 rounded" />
          <div className="min-w-0">
            <NowPlayingInfo />
            <div className="text-xs text-muted" data-testid="player-total-duration">
              {secondsToTimestamp(duration / rate)}
            </div>
          </div>
        </div>
        <div className="flex-1">
          <PlayerTransport />
        </div>
        <div className="md:w-1/4 md:[&>div]:justify-end">
          <PlayerSideControls onOpenModal={onOpenModal} />
        </div>
      </div>
    </PlayerRegion>
  )
}
