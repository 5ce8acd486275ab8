import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import enUs from '../../locales/en-us.json'
import { defaultLanguageCode } from './languages.ts'

/**
 * An i18next instance with en-us bundled as the fallback of every other language. Language codes are
 * kept lower-case ('de-de'), as the locale files and the 'lang' storage key use them.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources: { [defaultLanguageCode]: { translation: enUs } },
    lng: defaultLanguageCode,
    fallbackLng: defaultLanguageCode,
    lowerCaseLng: true,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already.
    returnNull: false,
  })
  return instance
}
