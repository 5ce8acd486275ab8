import sanitizeHtml from 'sanitize-html'

/** Longer input is cut before it is parsed (the episode edit contract's own bound): a feed may be 40 MB. */
const MAX_INPUT_CHARS = 200_000

/**
 * The one allowlist descriptions are kept in (SECURITY rule 4). Audiobookshelf's apps draw descriptions as
 * HTML, so what is stored and served is already safe to draw: these tags only, no attribute but an http(s)
 * link's href; any other tag goes and keeps its text, except those whose body is code or hidden.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'i', 'em', 'strong', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'noembed',
    'noframes',
    'xmp',
    'title',
  ],
  // The library keeps relative links; an absolute http(s) URL is the only link kept here. A link without one
  // loses its tag and keeps its text ('excludeTag'; a transformTags rename to a dropped tag would leave the
  // next sibling closed with the wrong tag in sanitize-html 2.18).
  exclusiveFilter: (frame) =>
    frame.tag === 'a' && !isHttpUrl(frame.attribs.href ?? '') ? 'excludeTag' : false,
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * A description as every writer stores it (feeds, scanned metadata files and tags, provider answers, edits).
 * Text without a '<' cannot hold markup and is kept byte for byte (a plain desc.txt keeps its `&` and line
 * breaks); anything else is parsed and rebuilt from the allowlist. Applying it twice changes nothing.
 * Blank results are null.
 */
export function sanitizeDescription(value: string | null | undefined): string | null {
  if (!value) return null
  const input = value.length > MAX_INPUT_CHARS ? value.slice(0, MAX_INPUT_CHARS) : value
  const clean = input.includes('<') ? sanitizeHtml(input, OPTIONS).trim() : input.trim()
  return clean === '' ? null : clean
}
