import { isApiError } from './api/index.ts'
import { i18n } from './i18n/app-i18n.ts'
import { defaultLanguageCode } from './i18n/languages.ts'

/**
 * The text to show for a failed call: the server's own message when it sent one (in the user's language when
 * the server named its key and that language has it; in en-us the server's text, which is en-us's), else a
 * translated reason. `translate` is i18next's `t`; `fallbackKey` names the failure when there is no better text
 * (e.g. 'Failed to create library').
 */
export function errorMessage(
  error: unknown,
  translate: (key: string) => string,
  fallbackKey = 'ToastUnknownError',
): string {
  if (isApiError(error)) {
    if (error.kind === 'timeout') return translate('ToastRequestTimedOut')
    if (error.kind === 'network') return translate('ToastServerUnreachable')
    const keyed = error.keyed
    if (keyed && i18n.language !== defaultLanguageCode && i18n.exists(keyed.key)) {
      return i18n.t(keyed.key, keyed.subs ?? {})
    }
    if (error.kind === 'http' && error.message) return error.message
    return translate(fallbackKey)
  }
  if (error instanceof Error && error.message) return error.message
  return translate(fallbackKey)
}
