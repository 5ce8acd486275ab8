import { describe, expect, it, vi } from 'vitest'
import { createI18n } from './i18n-instance.ts'
import { remainingStringsLoader } from './remaining-strings.ts'

describe('remainingStringsLoader', () => {
  it('adds the remaining strings to en-us once, however many callers ask', async () => {
    const i18n = createI18n()
    const load = vi.fn(async () => ({ HeaderOnlyLater: 'Only later' }))
    const loadRemaining = remainingStringsLoader(i18n, load)
    expect(i18n.t('HeaderOnlyLater')).toBe('HeaderOnlyLater')
    await Promise.all([loadRemaining(), loadRemaining()])
    await loadRemaining()
    expect(load).toHaveBeenCalledTimes(1)
    expect(i18n.t('HeaderOnlyLater')).toBe('Only later')
  })

  it('fetches again after a failure', async () => {
    const i18n = createI18n()
    const load = vi
      .fn<() => Promise<Record<string, string>>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValueOnce({ HeaderOnlyLater: 'Only later' })
    const loadRemaining = remainingStringsLoader(i18n, load)
    await expect(loadRemaining()).rejects.toThrow('chunk gone')
    await loadRemaining()
    expect(load).toHaveBeenCalledTimes(2)
    expect(i18n.t('HeaderOnlyLater')).toBe('Only later')
  })

  it('keeps the strings already there and fills only en-us, the fallback of a chosen language', async () => {
    const i18n = createI18n()
    i18n.addResourceBundle('de', 'translation', { ButtonSave: 'Speichern' })
    await i18n.changeLanguage('de')
    const loadRemaining = remainingStringsLoader(i18n, async () => ({
      ButtonSave: 'Overwritten?',
      HeaderOnlyLater: 'Only later',
    }))
    await loadRemaining()
    expect(i18n.t('ButtonSave')).toBe('Speichern')
    expect(i18n.t('HeaderOnlyLater')).toBe('Only later') // en-us fallback
    expect(i18n.getResource('en-us', 'translation', 'ButtonSave')).toBe('Save')
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true)
    expect(i18n.getResource('de', 'translation', 'HeaderOnlyLater')).toBeUndefined()
  })
})
