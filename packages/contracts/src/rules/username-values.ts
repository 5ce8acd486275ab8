// The zod-free values of username.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

/**
 * The one username rule, for every place a username enters (first-run init, create, rename, login)
 * and for the client's forms, so both show the same message.
 *
 * Two names that look alike are one name: a name is stored in NFKC form (fullwidth `ｒｏｏｔ` is
 * `root`, NFD `José` is NFC `José`) and compared by its key (NFKC and full case folding, beyond ASCII).
 * Names that can only deceive are refused: invisible characters (zero-width, bidi controls and every
 * other format character, controls, fillers that draw nothing) and letters of two confusable scripts
 * (Latin `r` beside Cyrillic `о`).
 */

export const USERNAME_MAX_LENGTH = 100

export const usernameMessages = {
  empty: 'Enter a username',
  tooLong: 'Username is too long',
  invisible: 'Username cannot contain invisible or control characters',
  mixedScripts: 'Username cannot mix letters of different alphabets (for example Latin and Cyrillic)',
} as const

/**
 * Characters that show nothing or reorder text: controls, format characters (zero-width space and
 * joiners, bidi controls, soft hyphen, BOM ...), line/paragraph separators, private use, unassigned,
 * and the letters and symbols that draw as blanks (Hangul fillers, braille blank, Khmer inherent vowels).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u17B4\u17B5\u2800\u3164\uFFA0]|\u115F|\u1160/u

/** Scripts whose letters are look-alikes of one another; a name may use letters of one of them. */
const CONFUSABLE_SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Coptic', /\p{Script=Coptic}/u],
]

/** The stored form of a name: NFKC, trimmed, runs of spaces made one. */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, ' ').trim()
}

/** What two names are compared by: NFKC with full case folding (`ß` ~ `SS`, `Σ` ~ `ς`). */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toUpperCase().toLowerCase().normalize('NFKC')
}

export type UsernameProblem = keyof typeof usernameMessages

/** Why a (normalised) name may not be a new username, or null; `usernameMessages` says it in words. */
export function usernameProblem(name: string): UsernameProblem | null {
  if (name === '') return 'empty'
  if (name.length > USERNAME_MAX_LENGTH) return 'tooLong'
  if (INVISIBLE.test(name)) return 'invisible'
  const scripts = new Set<string>()
  for (const char of name) {
    const script = CONFUSABLE_SCRIPTS.find(([, test]) => test.test(char))
    if (script) scripts.add(script[0])
  }
  if (scripts.size > 1) return 'mixedScripts'
  return null
}
