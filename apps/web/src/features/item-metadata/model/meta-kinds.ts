import { metaValueIssue, limits } from '@shelfcast/contracts/client'

/** What the rename and remove dialogs work on. */
export type MetaKind = 'tag' | 'genre' | 'narrator'

/** The strings of each kind (locale keys), so one dialog serves tags, genres and narrators. */
export const metaKindKeys = {
  tag: {
    renameTitle: 'HeaderRenameTag',
    removeTitle: 'HeaderRemoveTag',
    confirmRename: 'MessageConfirmRenameTag',
    mergeNote: 'MessageConfirmRenameTagMergeNote',
    confirmRemove: 'MessageConfirmRemoveTag',
    renamed: 'ToastTagRenamed',
    removed: 'ToastTagRemoved',
    renameFailed: 'ToastTagRenameFailed',
    removeFailed: 'ToastTagRemoveFailed',
  },
  genre: {
    renameTitle: 'HeaderRenameGenre',
    removeTitle: 'HeaderRemoveGenre',
    confirmRename: 'MessageConfirmRenameGenre',
    mergeNote: 'MessageConfirmRenameGenreMergeNote',
    confirmRemove: 'MessageConfirmRemoveGenre',
    renamed: 'ToastGenreRenamed',
    removed: 'ToastGenreRemoved',
    renameFailed: 'ToastGenreRenameFailed',
    removeFailed: 'ToastGenreRemoveFailed',
  },
  narrator: {
    renameTitle: 'HeaderRenameNarrator',
    removeTitle: 'HeaderRemoveNarrator',
    confirmRename: 'MessageConfirmRenameNarrator',
    mergeNote: 'MessageConfirmRenameNarratorMergeNote',
    confirmRemove: 'MessageConfirmRemoveNarrator',
    renamed: 'ToastNarratorRenamed',
    removed: 'ToastNarratorRemoved',
    renameFailed: 'ToastNarratorRenameFailed',
    removeFailed: 'ToastNarratorRemoveFailed',
  },
} as const

const issueKeys = {
  required: 'MessageNewNameRequired',
  tooLong: 'MessageNewNameTooLong',
  controlCharacters: 'MessageNewNameControlCharacters',
  sameName: 'MessageNewNameSame',
} as const

/** The locale key of what is wrong with the new name (the server's rule), or null. */
export function newNameProblem(
  current: string,
  next: string,
): (typeof issueKeys)[keyof typeof issueKeys] | null {
  const issue = metaValueIssue(current, next)
  return issue ? issueKeys[issue] : null
}

export const NEW_NAME_MAX_LENGTH = limits.metaValueMaxLength

/**
 * The existing name a rename would merge into: another name equal to the new one ignoring case (the exact
 * spelling first), as the server matches it. Null when the rename only renames.
 */
export function mergeTarget(names: readonly string[], current: string, next: string): string | null {
  const wanted = next.trim()
  if (!wanted) return null
  const others = names.filter((n) => n !== current)
  return (
    others.find((n) => n === wanted) ?? others.find((n) => n.toLowerCase() === wanted.toLowerCase()) ?? null
  )
}

/** Base64 of a name's UTF-8 bytes: how names travel in paths (DELETE /api/tags/:tag, narrator ids). */
export function nameToBase64(name: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(name)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Case-insensitive "contains" for the filter box. */
export function filterNames(names: readonly string[], needle: string): string[] {
  const n = needle.trim().toLowerCase()
  return n ? names.filter((name) => name.toLowerCase().includes(n)) : [...names]
}
