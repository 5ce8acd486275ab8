import { readString, storageKeys, writeString } from '../storage.ts'
import { setDateLocale } from './date-locale.ts'
import { createI18n } from './i18n-instance.ts'
import { LanguageController } from './language-controller.ts'
import { languages, localeLoaders } from './languages.ts'
import { remainingStringsLoader, whenIdle } from './remaining-strings.ts'

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

/**
 * The en-us strings the first load left out (used by pages, modals and the player loaded on demand). Every
 * on-demand load awaits it (lib/lazy-component.ts), so nothing loaded later renders a raw key.
 */
export const loadRemainingStrings = remainingStringsLoader(i18n, () =>
  import('../../locales/en-us.json?rest').then((m) => m.default),
)

/** After the first render: fetch the remaining strings when the browser is idle (a failure retries later). */
export function loadRemainingStringsWhenIdle(): void {
  whenIdle(() => void loadRemainingStrings().catch(() => undefined))
}
