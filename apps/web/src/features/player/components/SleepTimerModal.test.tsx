import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { FakeAudioBackend } from '../engine/fake-audio-backend.ts'
import { installPlayerController, PlayerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { PlayerModals } from './PlayerModals.tsx'

function renderSleepModal(remaining: number) {
  installPlayerController(new PlayerController(() => new FakeAudioBackend()))
  usePlayerStore.setState({ sleepTimer: { type: 'countdown', remaining } })
  render(
    <I18nextProvider i18n={i18n}>
      <PlayerModals open="sleep" onClose={() => {}} />
    </I18nextProvider>,
  )
  return userEvent.setup()
}

const remaining = () => {
  const timer = usePlayerStore.getState().sleepTimer
  return timer?.type === 'countdown' ? timer.remaining : null
}

afterEach(() => {
  installPlayerController(null)
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('sleep timer modal', () => {
  it('adds and removes 5 or 30 minutes; the 30 min decrement is disabled under 1800 s', async () => {
    const user = renderSleepModal(2400)
    expect(screen.getByTestId('sleep-remaining').textContent).toBe('40 min')
    await user.click(screen.getByTestId('sleep-minus-30'))
    expect(remaining()).toBe(600)
    expect(screen.getByTestId('sleep-minus-30').hasAttribute('disabled')).toBe(true)
    await user.click(screen.getByTestId('sleep-plus-5'))
    expect(remaining()).toBe(900)
    await user.click(screen.getByTestId('sleep-plus-30'))
    expect(remaining()).toBe(2700)
  })

  it('a decrease larger than remaining lands on 60 s, then on 5 s', async () => {
    const user = renderSleepModal(200)
    await user.click(screen.getByTestId('sleep-minus-5'))
    expect(remaining()).toBe(60)
    expect(screen.getByTestId('sleep-remaining').textContent).toBe('60 sec')
    await user.click(screen.getByTestId('sleep-minus-5'))
    expect(remaining()).toBe(5)
  })
})
