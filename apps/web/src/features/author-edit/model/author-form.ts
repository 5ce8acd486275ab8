import type { AudibleRegion, Author, UpdateAuthorRequest } from '@shelfcast/contracts'
import { audibleRegions } from '@shelfcast/contracts/client'

/** The three editable fields as typed (null values become empty strings). */
export interface AuthorForm {
  name: string
  asin: string
  description: string
}

/** PATCH /api/authors/:id body: only the fields that changed; emptied ASIN or description go as null. */
/** PATCH /api/authors/:id body. */
export type AuthorPatch = UpdateAuthorRequest

export function authorToForm(author: Pick<Author, 'name' | 'asin' | 'description'>): AuthorForm {
  return { name: author.name, asin: author.asin ?? '', description: author.description ?? '' }
}

/**
 * Spec §5: only changed fields among name, asin and description are sent; null when nothing changed
 * (the caller shows 'No updates necessary' and sends nothing). Surrounding spaces are not a change.
 */
export function changedAuthorFields(
  author: Pick<Author, 'name' | 'asin' | 'description'>,
  form: AuthorForm,
): AuthorPatch | null {
  const patch: AuthorPatch = {}
  const name = form.name.trim()
  if (name !== author.name) patch.name = name
  const asin = form.asin.trim()
  if (asin !== (author.asin ?? '')) patch.asin = asin || null
  const description = form.description.trim()
  if (description !== (author.description ?? '').trim()) patch.description = description || null
  return Object.keys(patch).length > 0 ? patch : null
}

/** Spec §5: an author image URL must start with http: or https:. */
export function isAuthorImageUrl(url: string): boolean {
  const value = url.trim().toLowerCase()
  return value.startsWith('http:') || value.startsWith('https:')
}

export type AuthorMatchPayload =
  { asin: string; region: AudibleRegion } | { q: string; region: AudibleRegion }

/** Spec §5: quick match needs a name or an ASIN; the ASIN is preferred. Null when neither is filled. */
export function quickMatchPayload(form: AuthorForm, region: AudibleRegion): AuthorMatchPayload | null {
  const asin = form.asin.trim()
  if (asin) return { asin, region }
  const q = form.name.trim()
  return q ? { q, region } : null
}

/** Spec §6: the match region is us, or the store of the library's Audible provider (`audible.uk` → uk). */
export function defaultMatchRegion(libraryProvider: string | null | undefined): AudibleRegion {
  if (!libraryProvider?.startsWith('audible.')) return 'us'
  const suffix = libraryProvider.slice('audible.'.length)
  return (audibleRegions as readonly string[]).includes(suffix) ? (suffix as AudibleRegion) : 'us'
}
