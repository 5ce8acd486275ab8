/** Strings of one language: flat keys (ABS-style names) to text with i18next `{{var}}` placeholders. */
export type LocaleStrings = Record<string, string>

export interface LanguageOption {
  code: string
  /** The language's own name, shown in the selector. */
  name: string
  /** BCP 47 tag for Intl date and number formatting. */
  intlLocale: string
}

export const defaultLanguageCode = 'en-us'

/** Only languages with a locale file are listed: choosing one must really change the UI. */
export const languages: readonly LanguageOption[] = [
  { code: 'en-us', name: 'English', intlLocale: 'en-US' },
  { code: 'de-de', name: 'Deutsch', intlLocale: 'de-DE' },
  { code: 'fr-fr', name: 'Français', intlLocale: 'fr-FR' },
]

export type LocaleLoader = () => Promise<LocaleStrings>

/** Lazy loaders: each locale becomes its own chunk, fetched when chosen. en-us is bundled. */
export const localeLoaders: Readonly<Record<string, LocaleLoader>> = {
  'de-de': () => import('../../locales/de-de.json').then((m) => m.default),
  'fr-fr': () => import('../../locales/fr-fr.json').then((m) => m.default),
}

export function findLanguage(code: string): LanguageOption | undefined {
  return languages.find((l) => l.code === code)
}
