/** Spec §5 rules of the create and edit forms of collections and playlists. */

export interface ListFields {
  name: string
  description: string | null
}

/**
 * The name to create a list with, or null when nothing may be sent: an empty name is silently not sent,
 * and a list is only created with at least one entry.
 */
export function nameToCreate(name: string, entryCount: number): string | null {
  const trimmed = name.trim()
  return trimmed && entryCount > 0 ? trimmed : null
}

export type EditOutcome =
  | { kind: 'unchanged' }
  | { kind: 'nameRequired' }
  | { kind: 'save'; changes: { name: string; description: string | null } }

const normalDescription = (description: string | null) => description?.trim() || null

/**
 * What saving the edit form does: nothing when nothing changed, the name-required toast for an empty
 * name, else both fields, an empty description as null.
 */
export function editOutcome(original: ListFields, draft: ListFields): EditOutcome {
  const name = draft.name.trim()
  if (!name) return { kind: 'nameRequired' }
  const description = normalDescription(draft.description)
  if (name === original.name && description === normalDescription(original.description))
    return { kind: 'unchanged' }
  return { kind: 'save', changes: { name, description } }
}
