import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './api/index.ts'
import { keyedMessageFromHeader } from './api/api-error.ts'
import { errorMessage } from './error-message.ts'
import { i18n } from './i18n/app-i18n.ts'

const t = (key: string) => i18n.t(key)
const seriesTaken = () =>
  new ApiError(409, 'Another series is already named "Dune"', 'http', {
    key: 'ErrorSeriesNameTaken',
    subs: { name: 'Dune' },
  })

describe('errorMessage of a keyed server message', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-us')
  })

  it('shows the message in the user language, substitutions filled in', async () => {
    i18n.addResourceBundle('de', 'translation', {
      ErrorSeriesNameTaken: 'Es gibt schon eine Serie „{{name}}“',
    })
    await i18n.changeLanguage('de')
    expect(errorMessage(seriesTaken(), t)).toBe('Es gibt schon eine Serie „Dune“')
  })

  it("shows the server's own text in en-us and when the language lacks the key", async () => {
    expect(errorMessage(seriesTaken(), t)).toBe('Another series is already named "Dune"')
    i18n.addResourceBundle('fr', 'translation', { ButtonSave: 'Enregistrer' })
    await i18n.changeLanguage('fr')
    const unknownKey = new ApiError(400, 'Plain text', 'http', { key: 'ErrorNobodyWroteThis' })
    expect(errorMessage(unknownKey, t)).toBe('Plain text')
  })
})

describe('keyedMessageFromHeader', () => {
  it('reads the URI-encoded JSON and ignores anything malformed', () => {
    const value = encodeURIComponent(JSON.stringify({ key: 'ErrorSeriesNameTaken', subs: { name: 'Ærø' } }))
    expect(keyedMessageFromHeader(value)).toEqual({ key: 'ErrorSeriesNameTaken', subs: { name: 'Ærø' } })
    expect(keyedMessageFromHeader(null)).toBeUndefined()
    expect(keyedMessageFromHeader('%E0%A4%A')).toBeUndefined()
    expect(keyedMessageFromHeader(encodeURIComponent('{"key":"a b"}'))).toBeUndefined()
    expect(keyedMessageFromHeader(encodeURIComponent('[1]'))).toBeUndefined()
  })
})
