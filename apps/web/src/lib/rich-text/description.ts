/**
 * Feed descriptions are untrusted HTML. They are parsed (inertly) and rebuilt as a small tree of safe
 * nodes — paragraphs, line breaks, bold, italic, lists and http(s)/mailto links — which React renders as
 * elements. Nothing of the feed's markup ever reaches the page as HTML. Time stamps in the text become
 * nodes of their own so the episode view can play from them.
 */
export type DescriptionNode =
  | { kind: 'text'; text: string }
  | { kind: 'timestamp'; text: string; seconds: number }
  | { kind: 'br' }
  | { kind: 'p' | 'strong' | 'em' | 'ul' | 'ol' | 'li'; children: DescriptionNode[] }
  | { kind: 'link'; href: string; children: DescriptionNode[] }

/** Elements dropped with everything inside them. */
const dropped = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'template',
  'head',
  'title',
  'svg',
  'math',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'img',
  'video',
  'audio',
  'canvas',
  'link',
  'meta',
  'base',
])
const blocks = new Set(['p', 'div', 'section', 'article', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const bold = new Set(['b', 'strong'])
const italic = new Set(['i', 'em'])
const MAX_DEPTH = 40
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** An absolute http(s) or mailto address, normalised; anything else (javascript:, data:, relative) is null. */
/** Whether a description is HTML (a tag or an entity) rather than plain text with line breaks. */
export const looksLikeHtml = (text: string): boolean =>
  /<\/?[a-z][^>]*>|&(#\d+|#x[\da-f]+|[a-z]+);/i.test(text)

export function safeHref(raw: string | null): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw.trim())
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

// h:mm:ss, hh:mm:ss or m:ss / mm:ss, not part of a longer run of digits and colons.
const TIMESTAMP = /(?<![\d:])(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?![\d:])/g

/** Splits text into text and time stamp nodes; stamps past `maxSeconds` (when > 0) stay text. */
export function splitTimestamps(text: string, maxSeconds = 0): DescriptionNode[] {
  const nodes: DescriptionNode[] = []
  let last = 0
  for (const match of text.matchAll(TIMESTAMP)) {
    const [whole, h, m, s] = match
    const hours = h === undefined ? 0 : Number(h)
    const minutes = Number(m)
    const secs = Number(s)
    if (secs >= 60 || (h !== undefined && minutes >= 60)) continue
    const seconds = hours * 3600 + minutes * 60 + secs
    if (maxSeconds > 0 && seconds > maxSeconds) continue
    const at = match.index
    if (at > last) nodes.push({ kind: 'text', text: text.slice(last, at) })
    nodes.push({ kind: 'timestamp', text: whole, seconds })
    last = at + whole.length
  }
  if (last < text.length) nodes.push({ kind: 'text', text: text.slice(last) })
  return nodes
}

/**
 * The safe tree of a description. `maxSeconds` is the episode's duration (stamps past it are not
 * offered). Plain text (no markup) keeps its line breaks: blank lines part paragraphs.
 */
export function parseDescription(source: string | null, maxSeconds = 0): DescriptionNode[] {
  if (!source?.trim()) return []
  const doc = new DOMParser().parseFromString(source, 'text/html')
  const body = doc.body
  if (body.children.length === 0) return plainParagraphs(body.textContent ?? '', maxSeconds)

  const walk = (node: Node, depth: number, inLink: boolean): DescriptionNode[] => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? ''
      if (!text) return []
      return inLink ? [{ kind: 'text', text }] : splitTimestamps(text, maxSeconds)
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return []
    const element = node as Element
    const tag = element.tagName.toLowerCase()
    if (dropped.has(tag)) return []
    if (tag === 'br') return [{ kind: 'br' }]
    const children = () =>
      depth >= MAX_DEPTH
        ? [{ kind: 'text' as const, text: element.textContent ?? '' }]
        : [...element.childNodes].flatMap((child) => walk(child, depth + 1, inLink || tag === 'a'))
    if (tag === 'a') {
      const href = inLink ? null : safeHref(element.getAttribute('href'))
      return href ? [{ kind: 'link', href, children: children() }] : children()
    }
    if (blocks.has(tag)) return [{ kind: 'p', children: children() }]
    if (bold.has(tag)) return [{ kind: 'strong', children: children() }]
    if (italic.has(tag)) return [{ kind: 'em', children: children() }]
    if (tag === 'ul' || tag === 'ol') {
      // Only list items belong directly in a list; stray text is wrapped in one.
      const items = children().map((child) =>
        child.kind === 'li' ? child : ({ kind: 'li', children: [child] } as DescriptionNode),
      )
      return [{ kind: tag, children: items.filter((item) => !isBlankItem(item)) }]
    }
    if (tag === 'li') return [{ kind: 'li', children: children() }]
    return children()
  }
  return [...body.childNodes].flatMap((child) => walk(child, 0, false))
}

function isBlankItem(node: DescriptionNode): boolean {
  return node.kind === 'li' && node.children.every((child) => child.kind === 'text' && !child.text.trim())
}

function plainParagraphs(text: string, maxSeconds: number): DescriptionNode[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => ({
      kind: 'p' as const,
      children: paragraph
        .trim()
        .split(/\r?\n/)
        .flatMap((line, index) => [
          ...(index > 0 ? [{ kind: 'br' as const }] : []),
          ...splitTimestamps(line, maxSeconds),
        ]),
    }))
}
