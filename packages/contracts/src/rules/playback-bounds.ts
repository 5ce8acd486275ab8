import { limits } from '../limits.ts'

/** Spec §5: a playback rate inside 0.5–10, rounded to 2 decimals (anything not a number is 1). */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1
  return Math.round(Math.min(limits.playbackRateMax, Math.max(limits.playbackRateMin, rate)) * 100) / 100
}

/** One plus/minus step of the rate with the user's step, rounded to 2 decimals and kept in bounds. */
export function stepRate(rate: number, step: number, direction: 1 | -1): number {
  return clampRate(Math.round((rate + direction * step) * 100) / 100)
}

/** The volume when none is stored or a stored one is not a number. */
export const DEFAULT_VOLUME = 0.5

/** Spec §5: volume clamped to 0–1 (kept to 2 decimals: steps of 0.1 add up without drift). */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100
}
