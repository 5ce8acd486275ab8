import { describe, expect, it } from 'vitest'
import { validatePasswordChange, validateRootSetup } from './password-rules.ts'

describe('password rules', () => {
  it('root setup needs a username and matching passwords', () => {
    expect(validateRootSetup({ username: ' ', password: 'a', confirmPassword: 'a' })).toBe(
      'ToastUserRootRequireName',
    )
    expect(validateRootSetup({ username: 'root', password: 'a', confirmPassword: 'b' })).toBe(
      'ToastUserPasswordMismatch',
    )
    expect(validateRootSetup({ username: 'root', password: '', confirmPassword: '' })).toBeNull()
  })

  it('root setup holds the name to the shared username rule', () => {
    expect(validateRootSetup({ username: 'ro\u200bot', password: '', confirmPassword: '' })).toBe(
      'ToastUsernameInvisibleCharacters',
    )
    expect(validateRootSetup({ username: 'r\u043e\u043et', password: '', confirmPassword: '' })).toBe(
      'ToastUsernameMixedScripts',
    )
    expect(
      validateRootSetup({ username: '\uff52\uff4f\uff4f\uff54', password: '', confirmPassword: '' }),
    ).toBeNull()
  })

  it('a new password must be confirmed and differ from the current one', () => {
    expect(validatePasswordChange({ password: 'old', newPassword: 'new', confirmPassword: 'nope' })).toBe(
      'ToastUserPasswordMismatch',
    )
    expect(validatePasswordChange({ password: 'same', newPassword: 'same', confirmPassword: 'same' })).toBe(
      'ToastUserPasswordMustChange',
    )
    expect(validatePasswordChange({ password: 'old', newPassword: 'new', confirmPassword: 'new' })).toBeNull()
  })
})
