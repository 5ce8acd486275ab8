/**
 * The header naming the locale key and substitutions of an error answer's message (server-messages.ts):
 * URI-encoded JSON `{"key": "ErrorItemNotFound", "subs": {...}}`. The body stays the English text.
 */
export const messageKeyHeader = 'x-shelfcast-message'

export interface MessageKeyHeaderValue {
  key: string
  subs?: Record<string, string>
}
