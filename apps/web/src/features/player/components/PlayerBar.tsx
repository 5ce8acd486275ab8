import { Suspense, useEffect } from 'react'
import { lazyComponent } from '@/lib/lazy-component.ts'
import { useNowPlayingHistory } from '../hooks/useNowPlayingHistory.ts'
import { loadPlayer } from '../player-loader.ts'
import { setPlayerFullscreen, usePlayerStore } from '../player-store.ts'

const Open = lazyComponent(loadPlayer, 'OpenPlayer')

/**
 * The player's place in the main layout (mounted once, always). Nothing while no session is open or
 * starting; then the open player, whose code arrives with the engine on the first play (player-loader.ts).
 */
export function PlayerBar() {
  const open = usePlayerStore((s) => s.session !== null || s.libraryItemId !== null)
  const fullscreen = usePlayerStore((s) => s.playerIsFullscreen)
  useNowPlayingHistory(open, fullscreen)
  // A player closed from elsewhere (server, error) does not come back full screen.
  useEffect(() => {
    if (!open) setPlayerFullscreen(false)
  }, [open])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <Open.Component />
    </Suspense>
  )
}
