/**
 * Text for XML 1.0 that stays well-formed whatever it holds: lone surrogates (what invalid UTF-8 decodes to
 * in a JS string, or a bad JSON escape) become U+FFFD, characters XML 1.0 forbids (C0 controls but tab, LF
 * and CR; U+FFFE/U+FFFF) are dropped, and the five markup characters become entities, so `]]>` and
 * `<script>` are plain text. Used for element text and attribute values alike.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const MARKUP = /[&<>"']/g
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function xmlText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(FORBIDDEN, '')
    .replace(MARKUP, (c: string) => ENTITY[c] ?? '')
}

/** `<name attr="...">text</name>`, or nothing when the text is empty (optional channel and item fields). */
export function element(
  name: string,
  text: string | number | null | undefined,
  attrs: Record<string, string | number> = {},
): string {
  if (text === null || text === undefined || text === '') return ''
  return `<${name}${attributes(attrs)}>${xmlText(text)}</${name}>`
}

/** A self-closing element. */
export function emptyElement(name: string, attrs: Record<string, string | number>): string {
  return `<${name}${attributes(attrs)}/>`
}

function attributes(attrs: Record<string, string | number>): string {
  let out = ''
  for (const [k, v] of Object.entries(attrs)) out += ` ${k}="${xmlText(v)}"`
  return out
}
