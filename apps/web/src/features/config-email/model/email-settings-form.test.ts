import type { EmailSettings } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { emailSettingsDraft, toEmailSettingsRequest, validateEmailSettings } from './email-settings-form.ts'

const settings: EmailSettings = {
  id: 'email-settings',
  host: null,
  port: 465,
  secure: true,
  rejectUnauthorized: true,
  user: null,
  pass: null,
  testAddress: null,
  fromAddress: null,
  ereaderDevices: [],
}

describe('SMTP settings form', () => {
  it('needs a host and a port in range; addresses only when given must be valid', () => {
    const draft = emailSettingsDraft(settings)
    expect(validateEmailSettings(draft)).toEqual({ host: 'MessageSmtpHostRequired' })
    expect(validateEmailSettings({ ...draft, host: 'h', port: '0' })).toEqual({ port: 'MessageInvalidPort' })
    expect(validateEmailSettings({ ...draft, host: 'h', port: '25x' })).toEqual({
      port: 'MessageInvalidPort',
    })
    expect(validateEmailSettings({ ...draft, host: 'h', fromAddress: 'nope' })).toEqual({
      fromAddress: 'MessageInvalidEmailAddress',
    })
    expect(validateEmailSettings({ ...draft, host: 'h', testAddress: 't@example.org' })).toEqual({})
  })

  it('sends empty fields as null and the password as typed (the mask keeps the stored one)', () => {
    const draft = { ...emailSettingsDraft({ ...settings, pass: '********' }), host: ' smtp.x ', port: '587' }
    expect(toEmailSettingsRequest(draft)).toEqual({
      host: 'smtp.x',
      port: 587,
      secure: true,
      rejectUnauthorized: true,
      user: null,
      pass: '********',
      fromAddress: null,
      testAddress: null,
    })
  })
})
