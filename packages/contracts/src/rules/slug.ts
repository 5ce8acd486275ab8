import { messages } from './messages.ts'

/**
 * Slugs of RSS feeds and share links (spec §5): a slug is required, and made of lowercase letters,
 * digits, hyphens and underscores. The client offers `sanitizeSlug` of what was typed (and says so when it
 * differs); the server refuses anything else with the same message.
 */
const SLUG = /^[a-z0-9_-]+$/
export const SLUG_MAX_LENGTH = 200

/** Lowercase, accents transliterated (é -> e, ß -> ss), spaces and separators to one hyphen, the rest dropped. */
export function sanitizeSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æ]/gi, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[\s./,:;·]+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
}

/** The message a slug is refused with, or null when it may be saved. */
export function slugProblem(slug: string): string | null {
  if (!slug.trim()) return messages.slugRequired
  if (slug.length > SLUG_MAX_LENGTH || !SLUG.test(slug)) return messages.slugInvalid
  return null
}
