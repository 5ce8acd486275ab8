/*
 * The rule for a new tag, genre or narrator name, one function for the server (rename routes) and the
 * client's rename dialog: not blank, not longer than the item edit form allows, no control characters,
 * and not the name it replaces.
 */
import { limits } from '../limits.ts'

export const META_VALUE_MAX_LENGTH = limits.metaValueMaxLength

export const metaValueMessages = {
  required: 'New name is required',
  tooLong: `New name must be at most ${limits.metaValueMaxLength} characters`,
  controlCharacters: 'New name cannot contain control characters',
  sameName: 'New name is the same as the current name',
} as const

export type MetaValueIssue = keyof typeof metaValueMessages

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** What is wrong with `next` as the new name of `current` (null: nothing). Compared trimmed, as saved. */
export function metaValueIssue(current: string, next: string): MetaValueIssue | null {
  const trimmed = next.trim()
  if (!trimmed) return 'required'
  if (trimmed.length > limits.metaValueMaxLength) return 'tooLong'
  if (CONTROL.test(next)) return 'controlCharacters'
  if (trimmed === current) return 'sameName'
  return null
}
