import { sanitizeSlug, slugProblem } from '@shelfcast/contracts/client'

/** Spec §2: the feed's URLs start with the page's origin plus the app's base path. */
export function feedServerAddress(origin: string, basePath: string): string {
  return `${origin}${basePath}`.replace(/\/+$/, '')
}

/** Spec §8: podcast apps need https; a feed served over plain http gets a warning. */
export function isPlainHttp(address: string): boolean {
  return /^http:\/\//i.test(address)
}

/**
 * The slug to send for what was typed (spec §5): sanitised; `changed` when it differs from the typed text
 * (the field then takes the sanitised slug and a warning toast says so); `problem` when even that is refused.
 */
export function feedSlugFor(typed: string): { slug: string; changed: boolean; problem: string | null } {
  const slug = sanitizeSlug(typed)
  return { slug, changed: slug !== typed, problem: slugProblem(slug) }
}

/** The owner fields as the request carries them: blank is "none". */
export function optionalText(text: string): string | null {
  const trimmed = text.trim()
  return trimmed ? trimmed : null
}
