import { useEffect, useRef, useState } from 'react'
import { usePhoneLayout } from '@/components/ui/use-phone-layout.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { usePublishedHeight } from '../hooks/usePublishedHeight.ts'
import { handlePlayerHotkey } from '../hotkeys.ts'
import { playerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { FullscreenPlayer } from './FullscreenPlayer.tsx'
import { MiniPlayer } from './MiniPlayer.tsx'
import { NowPlayingInfo, PlayerCover, PlayerRegion } from './NowPlaying.tsx'
import { PlayerModals } from './OnDemandPlayerModals.tsx'
import { dockedPlayerStyle } from './player-layout.ts'
import type { PlayerModalName } from './PlayerModals.tsx'
import { closePlayer, PlayerSideControls } from './PlayerSideControls.tsx'
import { PlayerTransport } from './PlayerTransport.tsx'

/**
 * The open player (fetched with the engine on the first play; PlayerBar.tsx mounts it while a session is open
 * or starting): the one-row bar at the bottom (on phones the mini player), or the full-screen now-playing
 * view, the player's modals, and its hotkeys.
 */
export function OpenPlayer() {
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

  const fullscreen = usePlayerStore((s) => s.playerIsFullscreen)
  const phone = usePhoneLayout()
  return (
    <>
      {/* Keeps the page's end scrollable above the docked player. */}
      <div style={{ height: 'var(--player-bar-height, 0px)' }} aria-hidden="true" />
      {fullscreen ? (
        <FullscreenPlayer onOpenModal={setModal} />
      ) : phone ? (
        <MiniPlayer />
      ) : (
        <PlayerBarView onOpenModal={setModal} />
      )}
      <PlayerModals open={modal} onClose={() => setModal(null)} />
    </>
  )
}

/** The desktop bar: one row at every width from 640 px (info, transport, side controls that never wrap). */
function PlayerBarView({ onOpenModal }: { onOpenModal: (name: PlayerModalName) => void }) {
  const duration = usePlayerStore((s) => s.duration)
  const rate = useUserSettings((s) => s.settings.playbackRate)
  const ref = useRef<HTMLDivElement>(null)
  usePublishedHeight(ref, '--player-bar-height')
  return (
    <PlayerRegion
      ref={ref}
      className="fixed inset-x-0 z-40 border-t border-border bg-surface shadow-2xl"
      style={dockedPlayerStyle}
      testId="player-bar"
    >
      <div className="flex items-center gap-2 px-3 py-2 md:gap-3 md:px-4">
        <div className="flex min-w-0 flex-1 basis-0 items-center gap-3">
          <PlayerCover width={120} className="hidden size-12 shrink-0 rounded md:block" />
          <div className="min-w-0">
            <NowPlayingInfo />
            <div className="text-xs text-muted" data-testid="player-total-duration">
              {secondsToTimestamp(duration / rate)}
            </div>
          </div>
        </div>
        <div className="w-[clamp(11.5rem,30vw,30rem)] shrink-0">
          <PlayerTransport />
        </div>
        <div className="flex shrink-0 justify-end lg:flex-1 lg:basis-0">
          <PlayerSideControls onOpenModal={onOpenModal} oneRow />
        </div>
      </div>
    </PlayerRegion>
  )
}
