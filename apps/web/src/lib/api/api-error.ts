/**
 * Why a request failed. `http` errors carry the server's own message (plain text, or JSON `{error}`),
 * which the UI shows as is; the other kinds have no server text and are translated by the UI.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted'

export class ApiError extends Error {
  readonly status: number
  readonly kind: ApiErrorKind

  constructor(status: number, message: string, kind: ApiErrorKind = 'http') {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.kind = kind
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/** The message a server put in an error body: JSON `{error}` / `{message}`, else the text itself. */
export function messageFromErrorBody(body: string): string {
  const text = body.trim()
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>
        for (const key of ['error', 'message'] as const) {
          const value = record[key]
          if (typeof value === 'string' && value.trim()) return value.trim()
        }
      }
    } catch {
      // Not JSON after all: the text is the message.
    }
  }
  return text
}
