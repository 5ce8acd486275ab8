import { z } from 'zod'
import {
  emailAddressMaxLength,
  ereaderAvailabilityOptions,
  ereaderDeviceNameMaxLength,
  ereaderDevicesMax,
} from './email-values.ts'

export * from './email-values.ts'

/** An ereader device as answers carry it (Audiobookshelf's shape). */
export const EreaderDevice = z.object({
  name: z.string(),
  email: z.string(),
  availabilityOption: z.enum(ereaderAvailabilityOptions),
  /** User ids, for `specificUsers`. */
  users: z.array(z.string()),
})
export type EreaderDevice = z.infer<typeof EreaderDevice>

/**
 * A device as a client sends it. Name and email are checked by the service (spec §5: "Name and email are
 * required"), so a missing one gets that message rather than a schema error.
 */
export const EreaderDeviceInput = z.object({
  name: z.string().max(ereaderDeviceNameMaxLength).default(''),
  email: z.string().max(emailAddressMaxLength).default(''),
  availabilityOption: z.enum(ereaderAvailabilityOptions).default('adminOrUp'),
  users: z.array(z.string().min(1).max(100)).max(1000).default([]),
})
export type EreaderDeviceInput = z.input<typeof EreaderDeviceInput>

export const EreaderDevicesRequest = z.object({
  ereaderDevices: z.array(EreaderDeviceInput).max(ereaderDevicesMax),
})
export type EreaderDevicesRequest = z.input<typeof EreaderDevicesRequest>

export const EreaderDevicesResponse = z.object({ ereaderDevices: z.array(EreaderDevice) })
export type EreaderDevicesResponse = z.infer<typeof EreaderDevicesResponse>

/** The SMTP settings and device list (GET /api/emails/settings); `pass` is a mask, never the password. */
export const EmailSettings = z.object({
  id: z.string(),
  host: z.string().nullable(),
  port: z.number().int(),
  secure: z.boolean(),
  rejectUnauthorized: z.boolean(),
  user: z.string().nullable(),
  pass: z.string().nullable(),
  testAddress: z.string().nullable(),
  fromAddress: z.string().nullable(),
  ereaderDevices: z.array(EreaderDevice),
})
export type EmailSettings = z.infer<typeof EmailSettings>

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()

/** PATCH /api/emails/settings: only the given values are stored. */
export const UpdateEmailSettingsRequest = z.object({
  host: optionalText(255),
  port: z.number().int().min(1).max(65535).optional(),
  secure: z.boolean().optional(),
  rejectUnauthorized: z.boolean().optional(),
  user: optionalText(255),
  /** The mask or an empty value keeps the stored password; null removes it. */
  pass: z.string().max(1024).nullable().optional(),
  testAddress: optionalText(emailAddressMaxLength),
  fromAddress: optionalText(emailAddressMaxLength),
})
export type UpdateEmailSettingsRequest = z.input<typeof UpdateEmailSettingsRequest>

export const EmailSettingsResponse = z.object({ settings: EmailSettings })
export type EmailSettingsResponse = z.infer<typeof EmailSettingsResponse>

export const SendEbookToDeviceRequest = z.object({
  libraryItemId: z.string().min(1).max(200),
  deviceName: z.string().min(1).max(ereaderDeviceNameMaxLength),
})
export type SendEbookToDeviceRequest = z.infer<typeof SendEbookToDeviceRequest>
