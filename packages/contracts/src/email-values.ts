import { isAdminOrUp } from './rules/permissions.ts'
import type { UserType } from './entities/user.ts'

/** Who may send to an ereader device (Audiobookshelf's availabilityOption). */
export const ereaderAvailabilityOptions = ['adminOrUp', 'userOrUp', 'guestOrUp', 'specificUsers'] as const
export type EreaderAvailability = (typeof ereaderAvailabilityOptions)[number]

/**
 * What email answers show in place of a stored SMTP password: the password itself never leaves the server.
 * A PATCH that sends it back (or an empty password) keeps the stored one.
 */
export const SMTP_PASSWORD_MASK = '********'

export const ereaderDeviceNameMaxLength = 100
export const emailAddressMaxLength = 254
export const ereaderDevicesMax = 200

/** A plain address (local@domain.tld) without spaces or line breaks: what a device or sender address must be. */
export function isValidEmailAddress(value: string): boolean {
  return value.length <= emailAddressMaxLength && /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;.]+$/.test(value)
}

const MB = 1024 * 1024

/**
 * The largest attachment a device accepts: Amazon's Send to Kindle by email takes 50 MB, other services
 * (Kobo, PocketBook, Gmail-backed devices) are held to the common 25 MB mail limit.
 */
export function ereaderAttachmentLimit(deviceEmail: string): { kind: 'kindle' | 'other'; maxBytes: number } {
  const domain = deviceEmail.split('@').pop()?.toLowerCase() ?? ''
  return domain === 'kindle.com' || domain.endsWith('.kindle.com')
    ? { kind: 'kindle', maxBytes: 50 * MB }
    : { kind: 'other', maxBytes: 25 * MB }
}

/** The ebook formats a device is sent (spec §2: EPUB, PDF, MOBI, AZW3). */
export const sendableEbookFormats = ['epub', 'pdf', 'mobi', 'azw3'] as const

export function isSendableEbookFormat(format: string | null | undefined): boolean {
  return !!format && (sendableEbookFormats as readonly string[]).includes(format.toLowerCase())
}

export interface EreaderDeviceAccess {
  availabilityOption: string
  users: readonly string[]
}

/** Whether a user may send to a device. Admins and root may use every device (they manage the list). */
export function mayUseEreaderDevice(
  user: { id: string; type: UserType },
  device: EreaderDeviceAccess,
): boolean {
  if (isAdminOrUp(user.type)) return true
  switch (device.availabilityOption) {
    case 'guestOrUp':
      return true
    case 'userOrUp':
      return user.type === 'user'
    case 'specificUsers':
      return device.users.includes(user.id)
    default:
      return false
  }
}

/** A device a user added for themself (POST /api/me/ereader-devices): available to that one user only. */
export function isOwnEreaderDevice(userId: string, device: EreaderDeviceAccess): boolean {
  return (
    device.availabilityOption === 'specificUsers' && device.users.length === 1 && device.users[0] === userId
  )
}
