import { describe, expect, it } from 'vitest'
import { PlayRequest } from './playback.ts'

describe('PlayRequest deviceInfo', () => {
  it('drops tags from the device texts (clients draw them as HTML) and takes sdkVersion as a number or a string', () => {
    const parsed = PlayRequest.parse({
      deviceInfo: {
        deviceId: 'd1',
        clientName: 'Abs<img src=x onerror=alert(1)> Web',
        model: '<script>alert(1)</script>Pixel',
        manufacturer: 'Goo<gle',
        sdkVersion: '34',
      },
    })
    expect(parsed.deviceInfo).toMatchObject({
      clientName: 'Abs Web',
      model: 'alert(1)Pixel',
      manufacturer: 'Goo',
      sdkVersion: '34',
    })
    expect(PlayRequest.parse({ deviceInfo: { sdkVersion: 30 } }).deviceInfo?.sdkVersion).toBe(30)
  })
})
