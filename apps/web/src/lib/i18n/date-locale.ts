import { defaultLanguageCode, findLanguage } from './languages.ts'

/** The Intl locale dates and numbers are formatted with; follows the UI language. */
let currentIntlLocale = findLanguage(defaultLanguageCode)?.intlLocale ?? 'en-US'

export function setDateLocale(languageCode: string): void {
  currentIntlLocale = findLanguage(languageCode)?.intlLocale ?? currentIntlLocale
}

export function dateLocale(): string {
  return currentIntlLocale
}
