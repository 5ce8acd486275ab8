import { readString, storageKeys, writeString } from '../storage.ts'
import { setDateLocale } from './date-locale.ts'
import { createI18n } from './i18n-instance.ts'
import { LanguageController } from './language-controller.ts'
import { languages, localeLoaders } from './languages.ts'

/** The app's one i18n instance and its language rules. */
export const i18n = createI18n()

export const languageController = new LanguageController({
  i18n,
  languages,
  loaders: localeLoaders,
  storage: {
    get: () => readString(storageKeys.lang),
    set: (code) => writeString(storageKeys.lang, code),
  },
  setDateLocale,
})
