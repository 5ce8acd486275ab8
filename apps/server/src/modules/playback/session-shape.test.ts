import { describe, expect, it } from 'vitest'
import { deviceDescription } from './session-shape.ts'

describe('deviceDescription (the device a multi-session warning names)', () => {
  it('names a phone by its maker and model, and the app', () => {
    expect(
      deviceDescription({
        manufacturer: 'Google',
        model: 'Pixel 8',
        clientName: 'Abs Android',
        clientVersion: '0.9.79',
      }),
    ).toBe('Google Pixel 8 / Abs Android 0.9.79')
  })

  it('tells two browsers of the same client apart by browser and OS', () => {
    const desktop = deviceDescription({
      browserName: 'Chrome',
      osName: 'Linux',
      clientName: 'Abs Web',
      clientVersion: '1.0.0',
    })
    const phone = deviceDescription({
      browserName: 'Chrome',
      osName: 'Android',
      clientName: 'Abs Web',
      clientVersion: '1.0.0',
    })
    expect(desktop).toBe('Chrome on Linux / Abs Web 1.0.0')
    expect(phone).toBe('Chrome on Android / Abs Web 1.0.0')
  })

  it('says so when nothing is known', () => {
    expect(deviceDescription({})).toBe('Unknown device')
  })
})
