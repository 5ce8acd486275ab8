import type { EmailSettings, UpdateEmailSettingsRequest } from '@shelfcast/contracts'
import { isValidEmailAddress } from '@shelfcast/contracts/client'

/** The SMTP form as typed: numbers and empty fields stay text until saved. */
export interface EmailSettingsDraft {
  host: string
  port: string
  secure: boolean
  rejectUnauthorized: boolean
  user: string
  /** The mask the server answered, or a new password. */
  pass: string
  fromAddress: string
  testAddress: string
}

export interface EmailSettingsErrors {
  host?: string
  port?: string
  fromAddress?: string
  testAddress?: string
}

export function emailSettingsDraft(settings: EmailSettings): EmailSettingsDraft {
  return {
    host: settings.host ?? '',
    port: String(settings.port),
    secure: settings.secure,
    rejectUnauthorized: settings.rejectUnauthorized,
    user: settings.user ?? '',
    pass: settings.pass ?? '',
    fromAddress: settings.fromAddress ?? '',
    testAddress: settings.testAddress ?? '',
  }
}

/** en-us keys of what is wrong, by field. */
export function validateEmailSettings(draft: EmailSettingsDraft): EmailSettingsErrors {
  const errors: EmailSettingsErrors = {}
  if (!draft.host.trim()) errors.host = 'MessageSmtpHostRequired'
  const port = Number(draft.port)
  if (!/^\d+$/.test(draft.port.trim()) || port < 1 || port > 65535) errors.port = 'MessageInvalidPort'
  for (const key of ['fromAddress', 'testAddress'] as const) {
    const value = draft[key].trim()
    if (value && !isValidEmailAddress(value)) errors[key] = 'MessageInvalidEmailAddress'
  }
  return errors
}

/** The PATCH body: every field (an unchanged mask keeps the stored password on the server). */
export function toEmailSettingsRequest(draft: EmailSettingsDraft): UpdateEmailSettingsRequest {
  return {
    host: draft.host.trim() || null,
    port: Number(draft.port),
    secure: draft.secure,
    rejectUnauthorized: draft.rejectUnauthorized,
    user: draft.user.trim() || null,
    pass: draft.pass,
    fromAddress: draft.fromAddress.trim() || null,
    testAddress: draft.testAddress.trim() || null,
  }
}
