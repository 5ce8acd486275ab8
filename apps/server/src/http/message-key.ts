import { messageKeyHeader, serverMessages, type MessageKeyHeaderValue } from '@shelfcast/contracts'

export interface KeyedMessage {
  key: string
  subs?: Record<string, string>
}

const placeholder = /{{\s*(\w+)\s*}}/g
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const byText = new Map<string, string>()
const patterns: { key: string; names: string[]; regex: RegExp }[] = []
for (const [key, text] of Object.entries(serverMessages)) {
  const names = [...text.matchAll(placeholder)].map((m) => m[1]!)
  if (names.length === 0) {
    if (!byText.has(text)) byText.set(text, key)
    continue
  }
  const source = text
    .split(placeholder)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
    .join('')
  patterns.push({ key, names, regex: new RegExp(`^${source}$`, 's') })
}
// The most specific template first: more literal text beats a bare "{{failure}}: {{reason}}".
patterns.sort((a, b) => b.regex.source.length - a.regex.source.length)

/**
 * The locale key (and substitutions) of a message the server sends a user, found from its English text:
 * call sites keep writing plain messages, and every text of the catalog gets its key.
 */
export function keyOfMessage(message: string): KeyedMessage | null {
  const exact = byText.get(message)
  if (exact) return { key: exact }
  for (const { key, names, regex } of patterns) {
    const match = regex.exec(message)
    if (match) return { key, subs: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) }
  }
  return null
}

/** The header value naming a message's key: URI-encoded JSON, since header values must stay ASCII. */
export function messageKeyHeaderValue(message: KeyedMessage): string {
  const value: MessageKeyHeaderValue = message.subs
    ? { key: message.key, subs: message.subs }
    : { key: message.key }
  return encodeURIComponent(JSON.stringify(value))
}

export { messageKeyHeader }
