import type { UsernameProblem } from '@shelfcast/contracts'
import { normalizeUsername, usernameProblem } from '@shelfcast/contracts/client'

/** en-us keys of the shared username rule's messages (their English is the server's text). */
const problemKeys: Record<UsernameProblem, string> = {
  empty: 'ToastNewUserUsernameError',
  tooLong: 'ToastUsernameTooLong',
  invisible: 'ToastUsernameInvisibleCharacters',
  mixedScripts: 'ToastUsernameMixedScripts',
}

/**
 * The key of the message the server would answer for this username (the same rule from
 * contracts, on the name as the server will store it), or null when it is acceptable.
 */
export function usernameRuleKey(username: string, emptyKey = problemKeys.empty): string | null {
  const problem = usernameProblem(normalizeUsername(username))
  if (!problem) return null
  return problem === 'empty' ? emptyKey : problemKeys[problem]
}
