/** Milliseconds since the epoch. Injected so tests can move time (token expiry, grace windows, rate limits). */
export type Clock = () => number
export const systemClock: Clock = () => Date.now()
