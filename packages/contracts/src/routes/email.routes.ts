import { z } from 'zod'
import {
  EmailSettingsResponse,
  EreaderDevicesRequest,
  EreaderDevicesResponse,
  SendEbookToDeviceRequest,
  UpdateEmailSettingsRequest,
} from '../email.ts'
import { defineRoute } from './route.ts'

const tag = 'Email and ereader devices'

const Success = z.object({ success: z.boolean() })

/** SMTP settings, ereader devices and sending ebooks to them (modules/email). */
export const emailRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/api/emails/settings',
    tag,
    summary: 'SMTP settings and every ereader device (the password masked)',
    access: 'admin',
    answer: EmailSettingsResponse,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/emails/settings',
    tag,
    summary: 'Stores the given SMTP settings (the mask or an empty password keeps the stored one)',
    access: 'admin',
    body: UpdateEmailSettingsRequest,
    answer: EmailSettingsResponse,
    errors: { 400: 'Bad value' },
  }),
  sendTest: defineRoute({
    method: 'POST',
    path: '/api/emails/test',
    tag,
    summary: 'Sends a test email to the test address',
    access: 'admin',
    answer: Success,
    errors: { 400: 'No SMTP host or test address, or the SMTP server refused (its message)' },
  }),
  updateEreaderDevices: defineRoute({
    method: 'POST',
    path: '/api/emails/ereader-devices',
    tag,
    summary: 'Replaces the ereader device list',
    access: 'admin',
    body: EreaderDevicesRequest,
    answer: EreaderDevicesResponse,
    errors: { 400: 'Name or email missing or invalid, or two devices with one name' },
  }),
  updateOwnEreaderDevices: defineRoute({
    method: 'POST',
    path: '/api/me/ereader-devices',
    tag,
    summary: "Replaces the caller's own ereader devices (those only the caller may use); answers them",
    permission: 'createEreader',
    body: EreaderDevicesRequest,
    answer: EreaderDevicesResponse,
    errors: { 400: 'Name or email missing or invalid, or a name already in use' },
  }),
  sendEbookToDevice: defineRoute({
    method: 'POST',
    path: '/api/emails/send-ebook-to-device',
    tag,
    summary: "Mails the item's ebook to a device the caller may use",
    body: SendEbookToDeviceRequest,
    answer: Success,
    errors: {
      400: 'No such device for the caller, no sendable ebook, too large for the device, or the SMTP server refused',
      404: 'No such item for the caller',
    },
  }),
} as const
