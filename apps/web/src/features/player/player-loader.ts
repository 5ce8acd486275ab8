import type { ApiClient } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { i18n, loadRemainingStrings } from '@/lib/i18n/index.ts'
import { toast } from '@/lib/toast-store.ts'
import type { PlayerController } from './player-controller.ts'
import { loadedPlayerController } from './player-instance.ts'
import type * as OnDemandPlayer from './on-demand.ts'

/** The player's engine and full UI: one chunk, fetched on the first play rather than with the first load. */
export type PlayerRuntime = typeof OnDemandPlayer

let loading: Promise<PlayerRuntime> | null = null

/**
 * Fetches the player's chunk once; a hover's prefetch and the click that follows share the request. A failed
 * fetch (a deploy replaced the chunk, the network dropped) is forgotten so the next play fetches again.
 */
export function loadPlayer(): Promise<PlayerRuntime> {
  // The player's modals and bar use strings the first load left out: they arrive with the engine.
  loading ??= Promise.all([import('./on-demand.ts'), loadRemainingStrings()])
    .then(([runtime]) => runtime)
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

/** Intent to play (a Play button hovered or focused): fetch the engine ahead of the click. */
export function prefetchPlayer(): void {
  // Not an error yet: the click fetches again and reports its own failure.
  loadPlayer().catch(() => undefined)
}

/**
 * Runs a player action (play, seek …): at once when the engine is loaded, else as soon as its chunk arrives,
 * so the first click plays without a second one. A chunk that cannot be fetched is said in a toast.
 */
export function withPlayer(api: ApiClient, action: (controller: PlayerController) => void): void {
  const loaded = loadedPlayerController()
  if (loaded) {
    loaded.attach(api)
    action(loaded)
    return
  }
  loadPlayer().then(
    (runtime) => {
      const controller = runtime.playerController()
      controller.attach(api)
      action(controller)
    },
    (error: unknown) => {
      console.error('[player] failed to load the player', error)
      toast.error(i18n.t('ToastPlaybackFailed', { message: errorMessage(error, (key) => i18n.t(key)) }))
    },
  )
}
