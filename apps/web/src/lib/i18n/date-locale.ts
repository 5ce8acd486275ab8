import { applyDateLocale } from '../format.ts'
import { findLanguage } from './languages.ts'

export { dateFnsLocale, dateLocale } from '../format.ts'

/**
 * Makes `languageCode` the date and number locale, after loading its date-fns locale (a chunk of its own,
 * fetched on the first switch to it). Resolves once both apply, so the caller can announce the language
 * after it and the first render in the new language already has its dates. A failed load (offline) keeps
 * Intl's names.
 */
export async function setDateLocale(languageCode: string): Promise<void> {
  // Any of the 27 (not only those with a locale file yet): the controller passes known codes only.
  const language = findLanguage(languageCode)
  if (!language) return
  // en-us has none; switching back to it comes after another language loaded this module. Offline: Intl's
  // names serve.
  const loaded = await import('./date-fns-locales.ts')
    .then((locales) => locales.loadDateFnsLocale(language.dateFnsLocale))
    .catch(() => null)
  // Applied last, right before the controller hands the language to i18next: the two always agree.
  applyDateLocale(language.intlLocale, loaded)
}
