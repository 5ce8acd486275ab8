const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X'))
    return codePoint(Number.parseInt(body.slice(2), 16), entity)
  if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10), entity)
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity
}

function codePoint(value: number, fallback: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : fallback
}

/**
 * Feed text (often HTML) as plain text for display: tags dropped, line breaks kept, common entities
 * decoded. The result is only ever rendered as a text node, never as markup, so a hostile feed cannot
 * inject anything.
 */
export function feedPlainText(text: string | null | undefined): string {
  if (!text) return ''
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => decodeEntity(entity, body))
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
