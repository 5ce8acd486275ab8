import { describe, expect, it } from 'vitest'
import { CastConnection } from './cast-connection.ts'
import { CAST_SENDER_URL, castAllowed, loadCastSender, type CastHostWindow } from './cast-sdk.ts'
import { FakeCastSender } from './fake-cast-sender.ts'

function fakeWindow(protocol: string, isSecureContext: boolean) {
  const scripts: { src: string; async: boolean; onerror: unknown }[] = []
  const win: CastHostWindow = {
    isSecureContext,
    location: { protocol },
    document: {
      createElement: () => ({ src: '', async: false, onerror: null }),
      head: { append: (node: never) => scripts.push(node) },
    },
  }
  return { win, scripts }
}

describe('cast sender loading', () => {
  it('casting needs a secure https page', () => {
    expect(castAllowed({ isSecureContext: true, location: { protocol: 'https:' } })).toBe(true)
    expect(castAllowed({ isSecureContext: false, location: { protocol: 'http:' } })).toBe(false)
    // localhost is a secure context but not https
    expect(castAllowed({ isSecureContext: true, location: { protocol: 'http:' } })).toBe(false)
  })

  it('adds no script on an insecure page', async () => {
    const { win, scripts } = fakeWindow('http:', false)
    expect(await loadCastSender(win)).toBeNull()
    expect(scripts).toHaveLength(0)
  })

  it('loads the framework script and resolves with the SDK once it announces itself', async () => {
    const { win, scripts } = fakeWindow('https:', true)
    const sender = new FakeCastSender()
    const loading = loadCastSender(win)
    expect(scripts.map((s) => s.src)).toEqual([CAST_SENDER_URL])
    win.cast = { framework: sender.api.framework }
    win.chrome = { cast: sender.api.chromeCast }
    win.__onGCastApiAvailable!(true)
    expect(await loading).toEqual(sender.api)

    const unavailable = fakeWindow('https:', true)
    const none = loadCastSender(unavailable.win)
    unavailable.win.__onGCastApiAvailable!(false)
    expect(await none).toBeNull()
  })
})

describe('CastConnection', () => {
  it('sets the default receiver and reports sessions starting, resuming and ending once each', () => {
    const sender = new FakeCastSender()
    const connection = new CastConnection(sender.api)
    expect(sender.options).toEqual({ receiverApplicationId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' })
    const seen: boolean[] = []
    connection.subscribe((connected) => seen.push(connected))
    expect(connection.isConnected()).toBe(false)
    sender.startSession()
    sender.startSession('SESSION_RESUMED')
    expect(connection.isConnected()).toBe(true)
    sender.endSession()
    expect(seen).toEqual([true, false])
  })

  it('starts connected when a session was resumed before it was made', () => {
    const sender = new FakeCastSender()
    sender.startSession('SESSION_RESUMED')
    expect(new CastConnection(sender.api).isConnected()).toBe(true)
  })
})
