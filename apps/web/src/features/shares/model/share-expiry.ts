import { SHARE_SLUG_SUGGESTION_LENGTH, shareUnitSeconds } from '@shelfcast/contracts/client'
import type { MediaItemShare, ShareUnit } from '@shelfcast/contracts'

export const shareUnits = Object.keys(shareUnitSeconds) as ShareUnit[]

/** What the duration field holds: digits typed, or empty. Anything not a positive number is 0. */
export function durationAmount(text: string): number {
  const value = Number(text.trim())
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
}

/** The plus/minus buttons: one step, never below 0 (spec §5). */
export function stepDuration(text: string, delta: 1 | -1): string {
  return String(Math.max(0, durationAmount(text) + delta))
}

/** Seconds the share lives; 0 means permanent (0 or an empty field, spec §5). */
export function shareLifetimeSeconds(text: string, unit: ShareUnit): number {
  return durationAmount(text) * shareUnitSeconds[unit]
}

/** The request's `expiresAt`: epoch ms, or 0 for a permanent share. */
export function shareExpiresAt(text: string, unit: ShareUnit, now: number): number {
  const seconds = shareLifetimeSeconds(text, unit)
  return seconds > 0 ? now + seconds * 1000 : 0
}

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A random id of §9's length from the slug alphabet, as the new share form suggests it. */
export function suggestShareSlug(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(SHARE_SLUG_SUGGESTION_LENGTH)
  return Array.from(bytes, (b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join('')
}

function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size))
}

/** The public page of a share: origin plus the router's base path plus /share/{slug} (spec §2). */
export function shareUrl(origin: string, basePath: string, slug: string): string {
  return `${origin}${basePath.replace(/\/+$/, '')}/share/${encodeURIComponent(slug)}`
}

/** Epoch ms the share ends, or null when it is permanent. */
export function shareEndsAt(share: Pick<MediaItemShare, 'expiresAt'>): number | null {
  if (!share.expiresAt) return null
  const ms = Date.parse(share.expiresAt)
  return Number.isFinite(ms) && ms > 0 ? ms : null
}

export type ShareLifetime =
  { kind: 'permanent' } | { kind: 'expired' } | { kind: 'remaining'; seconds: number }

/** Where an existing share stands at `now`: permanent, expired, or how long it has left. */
export function shareLifetime(share: Pick<MediaItemShare, 'expiresAt'>, now: number): ShareLifetime {
  const endsAt = shareEndsAt(share)
  if (endsAt === null) return { kind: 'permanent' }
  const seconds = Math.floor((endsAt - now) / 1000)
  return seconds > 0 ? { kind: 'remaining', seconds } : { kind: 'expired' }
}

export interface RemainingParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

export function remainingParts(totalSeconds: number): RemainingParts {
  const s = Math.max(0, Math.floor(totalSeconds))
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  }
}

/** "2d 3h 4m 5s", largest unit first, zero units left out (at least the seconds). */
export function remainingLabel(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = remainingParts(totalSeconds)
  const parts: string[] = []
  if (days) parts.push(`${days}d`)
  if (hours) parts.push(`${hours}h`)
  if (minutes) parts.push(`${minutes}m`)
  if (seconds || parts.length === 0) parts.push(`${seconds}s`)
  return parts.join(' ')
}
