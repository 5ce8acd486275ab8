/**
 * Secrets never reach a log line: every serialized line passes through redactLine before it is written,
 * buffered or streamed. Three nets, because a secret can arrive as a field, inside a message or an error text:
 * - any JSON field whose name says it holds a secret (password, token, API key, secret, cookie, authorization);
 * - secret-shaped text anywhere: bearer credentials, JWTs, `token=` style query parameters, `key: value` pairs,
 *   passwords in URLs (`smtp://user:pass@host`);
 * - exact values registered as secrets (the SMTP password, the JWT secret), wherever they appear.
 */
export const REDACTED = '[Redacted]'

const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:pass(?:word|wd|phrase)?|secret|token|api[-_]?key|authorization|cookie|credential|jwt)[A-Za-z0-9_.-]*`

/** `"someToken":"value"` (a string value; escaped quotes inside it included). */
const SECRET_FIELD = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi')
/** `Bearer abc...` / `Basic abc...` */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+|%20)[A-Za-z0-9._~+/=-]{6,}/gi
/** JSON web tokens (access tokens, API keys) wherever they appear. */
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
/** `?token=...`, `password: hunter2`, `secret: "x"`, `api_key=...` in free text (the value stops at a quote, so JSON stays valid). */
const SECRET_PAIR = new RegExp(String.raw`\b(${SECRET_NAME})(\s*[=:]\s*|%3D)(\\"|')?[^\s,;&"'\\<>)]+`, 'gi')
/** Passwords in URLs: `scheme://user:password@host`. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@"\\]*:)[^@\s/"\\]+@/gi

const MIN_SECRET_LENGTH = 4
const knownSecrets = new Set<string>()

/** Registers a value that must never appear in a line (e.g. the SMTP password once it is known). */
export function registerSecret(value: string | null | undefined): void {
  if (value && value.length >= MIN_SECRET_LENGTH) knownSecrets.add(value)
}

/** Forgets the registered secrets (tests). */
export function clearSecrets(): void {
  knownSecrets.clear()
}

/** The line with every secret replaced by `[Redacted]`; the JSON shape of a JSON line is kept. */
export function redactLine(line: string): string {
  let out = line
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(AUTH_SCHEME, `$1$2${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_PAIR, `$1$2$3${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
  for (const secret of knownSecrets) {
    for (const form of [secret, JSON.stringify(secret).slice(1, -1)]) {
      if (out.includes(form)) out = out.split(form).join(REDACTED)
    }
  }
  return out
}
