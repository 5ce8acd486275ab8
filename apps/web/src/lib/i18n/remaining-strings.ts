import type { i18n as I18n } from 'i18next'
import { defaultLanguageCode, type LocaleStrings } from './languages.ts'

/**
 * The first load carries only the en-us strings its own code uses (locale-split plugin, `?core`); this adds the
 * others (`?rest`) to the same bundle. The returned function is idempotent: every caller shares one request, and
 * a failed one is forgotten so the next call fetches again.
 */
export function remainingStringsLoader(i18n: I18n, load: () => Promise<LocaleStrings>): () => Promise<void> {
  let loading: Promise<void> | null = null
  return () => {
    loading ??= load().then(
      (strings) => {
        // Only en-us is filled in (it is every language's fallback); keys already there are kept.
        i18n.addResourceBundle(defaultLanguageCode, 'translation', strings, true, false)
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
}

/** Runs `task` when the browser is idle (soon, at the latest), like the Radix primitives' loading. */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 })
  else setTimeout(task, 200)
}
