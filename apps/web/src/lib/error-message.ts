import { isApiError } from './api/index.ts'

/**
 * The text to show for a failed call: the server's own message when it sent one, else a translated
 * reason. `translate` is i18next's `t`; `fallbackKey` names the failure when there is no better text
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
    if (error.kind === 'http' && error.message) return error.message
    return translate(fallbackKey)
  }
  if (error instanceof Error && error.message) return error.message
  return translate(fallbackKey)
}
