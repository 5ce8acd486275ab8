import { describe, expect, it } from 'vitest'
import {
  expiresInSeconds,
  expiryState,
  newApiKeyDraft,
  toCreateApiKeyRequest,
  validateApiKeyDraft,
} from './api-key-form.ts'

describe('API key form', () => {
  it('needs a name and a user (spec §5 messages)', () => {
    expect(validateApiKeyDraft(newApiKeyDraft())).toEqual({
      name: 'ToastNameRequired',
      userId: 'ToastSelectUserRequired',
    })
    expect(validateApiKeyDraft({ ...newApiKeyDraft(), name: 'Sync', userId: 'u1' })).toEqual({})
  })

  it('expires never, in hours or in days', () => {
    expect(expiresInSeconds({ expiryUnit: 'never', expiryAmount: 'x' })).toBeNull()
    expect(expiresInSeconds({ expiryUnit: 'hours', expiryAmount: '12' })).toBe(43_200)
    expect(expiresInSeconds({ expiryUnit: 'days', expiryAmount: '30' })).toBe(2_592_000)
    for (const bad of ['0', '-1', '1.5', '', 'abc', '40000']) {
      expect(expiresInSeconds({ expiryUnit: 'days', expiryAmount: bad }), bad).toBeNaN()
    }
    const draft = {
      ...newApiKeyDraft(),
      name: 'n',
      userId: 'u',
      expiryUnit: 'days' as const,
      expiryAmount: '0',
    }
    expect(validateApiKeyDraft(draft).expiry).toBe('MessageInvalidExpiry')
  })

  it('builds the request body', () => {
    expect(
      toCreateApiKeyRequest({ ...newApiKeyDraft(), name: ' Sync ', userId: 'u1', isActive: false }),
    ).toEqual({
      name: 'Sync',
      userId: 'u1',
      isActive: false,
    })
    expect(
      toCreateApiKeyRequest({
        ...newApiKeyDraft(),
        name: 'n',
        userId: 'u',
        expiryUnit: 'hours',
        expiryAmount: '2',
      }),
    ).toEqual({ name: 'n', userId: 'u', isActive: true, expiresIn: 7200 })
  })

  it('reads expiry', () => {
    expect(expiryState({ expiresAt: null }, 10)).toBe('never')
    expect(expiryState({ expiresAt: 10 }, 10)).toBe('expired')
    expect(expiryState({ expiresAt: 11 }, 10)).toBe('active')
  })
})
