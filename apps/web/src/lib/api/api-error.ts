import type { MessageKeyHeaderValue } from '@shelfcast/contracts/client'

/**
 * Why a request failed. `http` errors carry the server's own message (plain text, or JSON `{error}`),
 * which the UI shows as is; the other kinds have no server text and are translated by the UI.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted'

export class ApiError extends Error {
  readonly status: number
  readonly kind: ApiErrorKind
  /** The locale key (and substitutions) of the server's message, when the server named one. */
  readonly keyed: MessageKeyHeaderValue | undefined

  constructor(status: number, message: string, kind: ApiErrorKind = 'http', keyed?: MessageKeyHeaderValue) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.kind = kind
    this.keyed = keyed
  }
}

/** The key a server named for its message (header `x-shelfcast-message`); anything malformed is ignored. */
export function keyedMessageFromHeader(value: string | null): MessageKeyHeaderValue | undefined {
  if (!value) return undefined
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value))
    if (!parsed || typeof parsed !== 'object') return undefined
    const { key, subs } = parsed as Record<string, unknown>
    if (typeof key !== 'string' || !/^[A-Za-z0-9]+$/.test(key)) return undefined
    if (subs === undefined) return { key }
    if (!subs || typeof subs !== 'object') return undefined
    const strings = Object.entries(subs).filter((e): e is [string, string] => typeof e[1] === 'string')
    return { key, subs: Object.fromEntries(strings) }
  } catch {
    return undefined
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
