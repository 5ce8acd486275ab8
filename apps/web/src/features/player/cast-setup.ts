import type { CastConnection } from './engine/cast-connection.ts'
import { castAllowed, loadCastSender, type CastHostWindow } from './engine/cast-sdk.ts'
import { shareCastConnection } from './player-instance.ts'

let starting: Promise<CastConnection | null> | null = null

/** The page as the Cast loader sees it (the DOM's overloads are wider than the slice it needs). */
export const browserCastHost = (): CastHostWindow => window as unknown as CastHostWindow

/**
 * Loads the Cast SDK once, on secure pages only, and hands its connection to the player, which then
 * plays on the receiver while a session is connected (given to it when its engine loads, if later).
 */
export function startCasting(
  win: CastHostWindow = browserCastHost(),
  attach: (connection: CastConnection | null) => void = shareCastConnection,
): Promise<CastConnection | null> {
  if (!castAllowed(win)) return Promise.resolve(null)
  starting ??= loadCastSender(win).then(async (api) => {
    // The connection and its backend are fetched only where the SDK arrived.
    const connection = api ? new (await import('./engine/cast-connection.ts')).CastConnection(api) : null
    attach(connection)
    return connection
  })
  return starting
}

/** Tests start from scratch. */
export function resetCasting(): void {
  starting = null
}
