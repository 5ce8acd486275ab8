import type { CastConnection } from './engine/cast-connection.ts'
import type { PlayerController } from './player-controller.ts'

/*
 * Where the app's one player lives once its engine is loaded (player-loader.ts fetches it on the first play).
 * Kept apart from the controller so the first load can ask "is the player loaded?" without its code.
 */

let instance: PlayerController | null = null
let castConnection: CastConnection | null = null

/** The player once its engine is loaded (or a test installed one); null before: nothing can be playing. */
export function loadedPlayerController(): PlayerController | null {
  return instance
}

/** Sets the app's player (the engine on load; tests their own with a fake backend, or null to reset). */
export function installPlayerController(controller: PlayerController | null): void {
  instance = controller
}

/** The Cast connection, kept until the engine loads, then handed to the player too. */
export function shareCastConnection(connection: CastConnection | null): void {
  castConnection = connection
  instance?.attachCast(connection)
}

export function sharedCastConnection(): CastConnection | null {
  return castConnection
}
