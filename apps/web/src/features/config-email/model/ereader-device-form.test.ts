import type { EreaderDevice } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  ereaderDeviceDraft,
  isDuplicateDeviceName,
  toEreaderDevice,
  validateEreaderDevice,
  withDevice,
} from './ereader-device-form.ts'

const kindle: EreaderDevice = {
  name: 'Kindle',
  email: 'a@kindle.com',
  availabilityOption: 'adminOrUp',
  users: [],
}

describe('ereader device form', () => {
  it('needs a name and an email (spec §5), then a plain address', () => {
    const draft = ereaderDeviceDraft()
    expect(validateEreaderDevice(draft)).toEqual({
      name: 'MessageNameAndEmailRequired',
      email: 'MessageNameAndEmailRequired',
    })
    expect(validateEreaderDevice({ ...draft, name: ' x ', email: '  ' })).toEqual({
      email: 'MessageNameAndEmailRequired',
    })
    expect(validateEreaderDevice({ ...draft, name: 'x', email: 'a b@c.d' })).toEqual({
      email: 'MessageInvalidEmailAddress',
    })
    expect(validateEreaderDevice({ ...draft, name: 'x', email: 'a@b.co' })).toEqual({})
    expect(
      validateEreaderDevice({ ...draft, name: 'x', email: 'a@b.co', availabilityOption: 'specificUsers' }),
    ).toEqual({ users: 'ToastSelectUserRequired' })
  })

  it('finds a duplicate name case aside, but not the device being edited', () => {
    expect(isDuplicateDeviceName(' kindle ', [kindle], null)).toBe(true)
    expect(isDuplicateDeviceName('Kindle', [kindle], 'Kindle')).toBe(false)
    expect(isDuplicateDeviceName('Kobo', [kindle], null)).toBe(false)
  })

  it('trims, drops users unless specific users, and replaces the edited device in place', () => {
    const device = toEreaderDevice({
      name: ' Kobo ',
      email: ' k@example.org ',
      availabilityOption: 'userOrUp',
      users: ['u'],
    })
    expect(device).toEqual({
      name: 'Kobo',
      email: 'k@example.org',
      availabilityOption: 'userOrUp',
      users: [],
    })
    expect(withDevice([kindle], device, null)).toEqual([kindle, device])
    expect(withDevice([kindle], device, 'Kindle')).toEqual([device])
  })
})
