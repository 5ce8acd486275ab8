import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { resetCasting, startCasting } from '../cast-setup.ts'
import type { CastHostWindow } from '../engine/cast-sdk.ts'
import { FakeAudioBackend } from '../engine/fake-audio-backend.ts'
import { FakeCastSender } from '../engine/fake-cast-sender.ts'
import { PlayerController } from '../player-controller.ts'
import { CastLauncher } from './CastLauncher.tsx'

const host = window as unknown as { chrome?: object }

afterEach(() => {
  resetCasting()
  delete host.chrome
})

describe('cast launcher', () => {
  it('shows nothing on a plain http page of a browser without Cast', () => {
    expect(window.location.protocol).toBe('http:')
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <CastLauncher />
      </I18nextProvider>,
    )
    expect(container.innerHTML).toBe('')
  })

  it('on a plain http page of a Chromium browser shows why casting is off and loads nothing', () => {
    expect(window.location.protocol).toBe('http:')
    host.chrome = {}
    render(
      <I18nextProvider i18n={i18n}>
        <CastLauncher />
      </I18nextProvider>,
    )
    expect(screen.getByTestId('cast-insecure').getAttribute('title')).toBe(
      'Casting requires a secure connection',
    )
    expect(document.querySelector('script[src*="cast_sender"]')).toBeNull()
  })

  it('on a secure page loads the SDK once and gives the player its connection', async () => {
    const appended: unknown[] = []
    const win: CastHostWindow = {
      isSecureContext: true,
      location: { protocol: 'https:' },
      document: {
        createElement: () => ({ src: '', async: false, onerror: null }),
        head: { append: (node: never) => appended.push(node) },
      },
    }
    const controller = new PlayerController(() => new FakeAudioBackend())
    const first = startCasting(win, (connection) => controller.attachCast(connection))
    const again = startCasting(win, (connection) => controller.attachCast(connection))
    expect(appended).toHaveLength(1)
    const sender = new FakeCastSender()
    win.cast = { framework: sender.api.framework }
    win.chrome = { cast: sender.api.chromeCast }
    win.__onGCastApiAvailable!(true)
    const connection = await first
    expect(await again).toBe(connection)
    expect(sender.options?.receiverApplicationId).toBe('CC1AD845')
    sender.startSession()
    expect(connection?.isConnected()).toBe(true)
  })
})
