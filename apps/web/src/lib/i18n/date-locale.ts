import type { Locale } from 'date-fns'
import { applyDateLocale } from '../format.ts'
import { allLanguages, defaultLanguageCode } from './languages.ts'

export { dateFnsLocale, dateLocale } from '../format.ts'

/** Only the latest switch applies: an earlier, slower load must not overwrite it. */
let latestRequest = 0

/**
 * Makes `languageCode` the date and number locale, after loading its date-fns locale (a chunk of its own,
 * fetched on the first switch to it). Resolves once both apply, so the caller can announce the language
 * after it and the first render in the new language already has its dates. A failed load (offline) keeps
 * Intl's names.
 */
export async function setDateLocale(languageCode: string): Promise<void> {
  // Any of the 27 (not only those with a locale file yet): the controller passes known codes only.
  const language = allLanguages.find((l) => l.code === languageCode)
  if (!language) return
  const request = ++latestRequest
  let loaded: Locale | null = null
  if (language.code !== defaultLanguageCode) {
    try {
      const { loadDateFnsLocale } = await import('./date-fns-locales.ts')
      loaded = await loadDateFnsLocale(language.dateFnsLocale)
    } catch {
      loaded = null
    }
  }
  if (request === latestRequest) applyDateLocale(language.intlLocale, loaded)
}
