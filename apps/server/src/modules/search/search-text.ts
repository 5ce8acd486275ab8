/** Search text rules shared by the query builder and the "what matched" check. */

/** Lower case without diacritics (as the FTS index folds them): "Émile" -> "emile". */
export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()

export const MAX_TOKENS = 8
const MAX_TOKEN_LENGTH = 40

/** Words of a query: letters and digits only, so nothing a user types can reach FTS syntax. */
export function searchTokens(q: string | undefined): string[] {
  if (!q) return []
  return fold(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS)
    .map((t) => t.slice(0, MAX_TOKEN_LENGTH))
}

export type FtsColumn =
  'title' | 'subtitle' | 'authors' | 'narrators' | 'series' | 'tags' | 'genres' | 'identifiers'

/**
 * An FTS5 MATCH expression: every token as a quoted prefix ("tok"*), all required, optionally within
 * columns. Tokens hold letters and digits only, so the expression is always valid.
 */
export function ftsQuery(tokens: readonly string[], columns?: FtsColumn | readonly FtsColumn[]): string {
  const phrases = tokens.map((t) => `"${t.replace(/"/g, '')}"*`).join(' AND ')
  if (!columns) return phrases
  return typeof columns === 'string' ? `${columns} : (${phrases})` : `{${columns.join(' ')}} : (${phrases})`
}

/** True when every token starts a word of the text (the same rule as the FTS prefix match). */
export function matchesAll(text: string | null | undefined, tokens: readonly string[]): boolean {
  if (!text) return false
  const words = fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return tokens.every((t) => words.some((w) => w.startsWith(t)))
}
