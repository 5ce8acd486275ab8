import type { EreaderAvailability, EreaderDevice } from '@shelfcast/contracts'
import { isValidEmailAddress } from '@shelfcast/contracts/client'

export interface EreaderDeviceDraft {
  name: string
  email: string
  availabilityOption: EreaderAvailability
  users: string[]
}

export interface EreaderDeviceErrors {
  name?: string
  email?: string
  users?: string
}

export const availabilityLabelKeys: Record<EreaderAvailability, string> = {
  adminOrUp: 'LabelEreaderAdminsOnly',
  userOrUp: 'LabelEreaderUsersAndAdmins',
  guestOrUp: 'LabelEreaderEveryone',
  specificUsers: 'LabelEreaderSpecificUsers',
}

export function ereaderDeviceDraft(device?: EreaderDevice): EreaderDeviceDraft {
  return device
    ? {
        name: device.name,
        email: device.email,
        availabilityOption: device.availabilityOption,
        users: [...device.users],
      }
    : { name: '', email: '', availabilityOption: 'adminOrUp', users: [] }
}

/**
 * Spec §5: "Name and email are required"; then a plain address; specific users need at least one user.
 * Values are en-us keys.
 */
export function validateEreaderDevice(draft: EreaderDeviceDraft): EreaderDeviceErrors {
  const errors: EreaderDeviceErrors = {}
  const name = draft.name.trim()
  const email = draft.email.trim()
  if (!name || !email) {
    if (!name) errors.name = 'MessageNameAndEmailRequired'
    if (!email) errors.email = 'MessageNameAndEmailRequired'
  } else if (!isValidEmailAddress(email)) errors.email = 'MessageInvalidEmailAddress'
  if (draft.availabilityOption === 'specificUsers' && draft.users.length === 0)
    errors.users = 'ToastSelectUserRequired'
  return errors
}

export function toEreaderDevice(draft: EreaderDeviceDraft): EreaderDevice {
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    availabilityOption: draft.availabilityOption,
    users: draft.availabilityOption === 'specificUsers' ? draft.users : [],
  }
}

/** Another device (not the one being edited) already has this name, case aside, as the server decides. */
export function isDuplicateDeviceName(
  name: string,
  devices: readonly EreaderDevice[],
  editing: string | null,
): boolean {
  const key = name.trim().toLowerCase()
  return devices.some((d) => d.name.toLowerCase() === key && d.name !== editing)
}

/** The list with the edited device replaced (or the new one added). */
export function withDevice(
  devices: readonly EreaderDevice[],
  device: EreaderDevice,
  editing: string | null,
): EreaderDevice[] {
  return editing === null ? [...devices, device] : devices.map((d) => (d.name === editing ? device : d))
}
