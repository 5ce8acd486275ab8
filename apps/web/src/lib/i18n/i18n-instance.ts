import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import enUsCore from '../../locales/en-us.json?core'
import { defaultLanguageCode } from './languages.ts'

/**
 * An i18next instance with en-us bundled as the fallback of every other language: the strings of the first
 * load's code (the rest arrive with `loadRemainingStrings`). Language codes are
 * kept lower-case ('de-de'), as the locale files and the 'lang' storage key use them.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: { [defaultLanguageCode]: { translation: enUsCore } },
    lng: defaultLanguageCode,
    fallbackLng: defaultLanguageCode,
    lowerCaseLng: true,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    returnNull: false,
    // en-us starts with the first load's strings only (?core); when the rest arrives, components re-render, so a
    // key the build's scan could not see (one built at run time) shows as text a moment later, not for good.
    react: { bindI18nStore: 'added' },
  })
  return instance
}
