import type { ApiKey, CreateApiKeyRequest } from '@shelfcast/contracts'

export type ExpiryUnit = 'never' | 'hours' | 'days'

/** Seconds per unit (spec §9 share units use the same: hours 3600 s, days 86400 s). */
const unitSeconds: Record<Exclude<ExpiryUnit, 'never'>, number> = { hours: 3600, days: 86400 }

/** The server refuses more than 100 years. */
const maxExpiresInSec = 100 * 365 * 24 * 3600

export interface ApiKeyDraft {
  name: string
  userId: string
  expiryUnit: ExpiryUnit
  /** As typed in the number field. */
  expiryAmount: string
  isActive: boolean
}

export interface ApiKeyDraftErrors {
  name?: string
  userId?: string
  expiry?: string
}

export function newApiKeyDraft(): ApiKeyDraft {
  return { name: '', userId: '', expiryUnit: 'never', expiryAmount: '30', isActive: true }
}

/** Seconds until expiry, or null for a key that never expires; NaN when the amount is not usable. */
export function expiresInSeconds(draft: Pick<ApiKeyDraft, 'expiryUnit' | 'expiryAmount'>): number | null {
  if (draft.expiryUnit === 'never') return null
  const amount = Number(draft.expiryAmount)
  if (!draft.expiryAmount.trim() || !Number.isInteger(amount) || amount <= 0) return Number.NaN
  const seconds = amount * unitSeconds[draft.expiryUnit]
  return seconds > maxExpiresInSec ? Number.NaN : seconds
}

/** Spec §5 messages (en-us keys). */
export function validateApiKeyDraft(draft: ApiKeyDraft): ApiKeyDraftErrors {
  const errors: ApiKeyDraftErrors = {}
  if (!draft.name.trim()) errors.name = 'ToastNameRequired'
  if (!draft.userId) errors.userId = 'ToastSelectUserRequired'
  if (Number.isNaN(expiresInSeconds(draft))) errors.expiry = 'MessageInvalidExpiry'
  return errors
}

/** POST /api/api-keys body; a key that never expires sends no expiresIn. */
export function toCreateApiKeyRequest(draft: ApiKeyDraft): CreateApiKeyRequest {
  const expiresIn = expiresInSeconds(draft)
  return {
    name: draft.name.trim(),
    userId: draft.userId,
    isActive: draft.isActive,
    ...(expiresIn ? { expiresIn } : {}),
  }
}

export type ExpiryState = 'never' | 'expired' | 'active'

export function expiryState(key: Pick<ApiKey, 'expiresAt'>, now: number): ExpiryState {
  if (key.expiresAt === null) return 'never'
  return key.expiresAt <= now ? 'expired' : 'active'
}
