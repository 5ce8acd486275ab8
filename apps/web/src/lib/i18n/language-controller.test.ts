import { describe, expect, it, vi } from 'vitest'
import { createI18n } from './i18n-instance.ts'
import { LanguageController } from './language-controller.ts'
import type { LanguageOption, LocaleStrings } from './languages.ts'

const language = (code: string, name: string, intlLocale: string): LanguageOption => ({
  code,
  name,
  intlLocale,
  dateFnsLocale: code,
  dir: 'ltr',
})
const languages: LanguageOption[] = [
  language('en-us', 'English', 'en-US'),
  language('de', 'Deutsch', 'de-DE'),
  language('fr', 'Français', 'fr-FR'),
]

function setup(stored: string | null = null) {
  const i18n = createI18n()
  const storage = {
    value: stored,
    get: vi.fn(() => storage.value),
    set: vi.fn((code: string) => void (storage.value = code)),
  }
  // German lacks one key on purpose: it must fall back to en-us.
  const german: LocaleStrings = { ButtonSave: 'Speichern' }
  const loaders = {
    de: vi.fn(async () => german),
    fr: vi.fn(async () => ({ ButtonSave: 'Enregistrer' })),
  }
  const warn = vi.fn()
  const setDateLocale = vi.fn()
  const controller = new LanguageController({ i18n, languages, loaders, storage, warn, setDateLocale })
  return { i18n, storage, loaders, warn, setDateLocale, controller }
}

describe('language rules', () => {
  it('ignores an empty code and the current language', async () => {
    const { controller, loaders, storage } = setup()
    expect(await controller.setLanguage('')).toBe(false)
    expect(await controller.setLanguage('en-us')).toBe(false)
    expect(loaders['de']).not.toHaveBeenCalled()
    expect(storage.set).not.toHaveBeenCalled()
  })

  it('warns about an unknown code and changes nothing', async () => {
    const { controller, warn, storage, i18n } = setup()
    expect(await controller.setLanguage('xx-yy')).toBe(false)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('xx-yy'))
    expect(i18n.language).toBe('en-us')
    expect(storage.set).not.toHaveBeenCalled()
  })

  it('loads a known language lazily, stores it in lang, sets the date locale, falls back to en-us', async () => {
    const { controller, loaders, storage, setDateLocale, i18n } = setup()
    const changed = vi.fn()
    controller.onChange(changed)
    expect(await controller.setLanguage('de')).toBe(true)
    expect(loaders['de']).toHaveBeenCalledTimes(1)
    expect(i18n.language).toBe('de')
    expect(storage.value).toBe('de')
    expect(setDateLocale).toHaveBeenCalledWith('de')
    expect(changed).toHaveBeenCalledWith('de')
    expect(i18n.t('ButtonSave')).toBe('Speichern')
    expect(i18n.t('ButtonClose')).toBe('Close') // missing in German: en-us
    await controller.setLanguage('en-us')
    await controller.setLanguage('de')
    expect(loaders['de']).toHaveBeenCalledTimes(1) // loaded once
  })

  it('has the date locale in place before i18next announces the new language', async () => {
    const { controller, i18n, setDateLocale } = setup()
    let dateLocaleReady = false
    setDateLocale.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10))
      dateLocaleReady = true
    })
    const seenOnChange: boolean[] = []
    i18n.on('languageChanged', () => seenOnChange.push(dateLocaleReady))
    await controller.setLanguage('fr')
    expect(seenOnChange).toEqual([true])
  })

  it('keeps the language and its date locale when the strings fail to load', async () => {
    const { controller, i18n, loaders, setDateLocale } = setup()
    loaders['de'].mockRejectedValueOnce(new Error('offline'))
    await expect(controller.setLanguage('de')).rejects.toThrow('offline')
    expect(i18n.language).toBe('en-us')
    expect(setDateLocale).not.toHaveBeenCalled()
  })

  it('applies the stored language at boot', async () => {
    const { controller, i18n } = setup('fr')
    await controller.initFromStorage()
    expect(i18n.language).toBe('fr')
    expect(controller.hasLocalLanguage).toBe(true)
  })

  it('reads a former code as the code it became and stores the new one', async () => {
    const { controller, storage, i18n } = setup('de-de')
    await controller.initFromStorage()
    expect(i18n.language).toBe('de')
    expect(storage.value).toBe('de')
  })

  it('resets an invalid stored language to the default', async () => {
    const { controller, storage, i18n, warn } = setup('klingon')
    await controller.initFromStorage()
    expect(storage.value).toBe('en-us')
    expect(i18n.language).toBe('en-us')
    expect(warn).toHaveBeenCalled()
  })

  it('applies the server language only without a local language and when it is not the default', async () => {
    const withLocal = setup('fr')
    await withLocal.controller.initFromStorage()
    expect(await withLocal.controller.applyServerLanguage('de')).toBe(false)
    expect(withLocal.i18n.language).toBe('fr')

    const fresh = setup()
    expect(await fresh.controller.applyServerLanguage('en-us')).toBe(false)
    expect(await fresh.controller.applyServerLanguage('de')).toBe(true)
    expect(fresh.i18n.language).toBe('de')
    // Not stored: the device still has no language of its own, so a later server change applies.
    expect(fresh.storage.value).toBeNull()
    expect(await fresh.controller.applyServerLanguage('fr-fr')).toBe(true) // a former code, as a server may hold
    expect(fresh.i18n.language).toBe('fr')
  })
})
