import { describe, expect, it } from 'vitest'
import { newProviderDraft, toCreateProviderRequest, validateProviderDraft } from './provider-form.ts'

describe('custom provider form', () => {
  it('needs a name and a URL, then an http(s) URL', () => {
    expect(validateProviderDraft(newProviderDraft())).toBe('ToastProviderNameAndUrlRequired')
    expect(validateProviderDraft({ ...newProviderDraft(), name: 'Mine', url: ' ' })).toBe(
      'ToastProviderNameAndUrlRequired',
    )
    expect(validateProviderDraft({ ...newProviderDraft(), name: 'Mine', url: 'ftp://host/x' })).toBe(
      'ToastInvalidUrl',
    )
    expect(validateProviderDraft({ ...newProviderDraft(), name: 'Mine', url: 'not a url' })).toBe(
      'ToastInvalidUrl',
    )
    expect(
      validateProviderDraft({ ...newProviderDraft(), name: 'Mine', url: 'https://meta.example/api' }),
    ).toBeNull()
  })

  it('trims, and sends no authorization value as null', () => {
    expect(
      toCreateProviderRequest({
        name: ' Mine ',
        url: ' http://meta.example ',
        mediaType: 'podcast',
        authHeaderValue: ' ',
      }),
    ).toEqual({ name: 'Mine', url: 'http://meta.example', mediaType: 'podcast', authHeaderValue: null })
    expect(
      toCreateProviderRequest({ ...newProviderDraft(), authHeaderValue: 'Bearer x' }).authHeaderValue,
    ).toBe('Bearer x')
  })
})
