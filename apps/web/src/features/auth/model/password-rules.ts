import { usernameRuleKey } from '@/lib/username-rule.ts'

/** Keys of en-us strings, so the forms show the spec's exact messages. */
export type PasswordRuleError =
  'ToastUserRootRequireName' | 'ToastUserPasswordMismatch' | 'ToastUserPasswordMustChange'

/**
 * First-run root account: a username that passes the shared rule; the password may be empty but
 * must be confirmed.
 */
export function validateRootSetup(input: {
  username: string
  password: string
  confirmPassword: string
}): string | null {
  const username = usernameRuleKey(input.username, 'ToastUserRootRequireName')
  if (username) return username
  if (input.password !== input.confirmPassword) return 'ToastUserPasswordMismatch'
  return null
}

/** Change password: new and confirm must match, and the new one must differ from the current. */
export function validatePasswordChange(input: {
  password: string
  newPassword: string
  confirmPassword: string
}): PasswordRuleError | null {
  if (input.newPassword !== input.confirmPassword) return 'ToastUserPasswordMismatch'
  if (input.password === input.newPassword) return 'ToastUserPasswordMustChange'
  return null
}
