import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { UpdatePrompt } from './UpdatePrompt.tsx'
import { useAppUpdateStore } from './update-store.ts'

function renderPrompt() {
  return render(
    <I18nextProvider i18n={i18n}>
      <UpdatePrompt />
    </I18nextProvider>,
  )
}

afterEach(() => useAppUpdateStore.setState({ pending: null }))

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    renderPrompt()
    expect(screen.queryByTestId('update-prompt')).toBeNull()
  })

  it('appears when a new version is offered, and Reload applies it', async () => {
    const apply = vi.fn()
    renderPrompt()
    act(() => useAppUpdateStore.getState().offer({ apply }))
    const prompt = screen.getByRole('status')
    expect(prompt.textContent).toContain('A new version of Shelfcast is ready.')
    const reload = screen.getByRole('button', { name: 'Reload' })
    await userEvent.click(reload)
    expect(apply).toHaveBeenCalledTimes(1)
    // Waiting for the new worker to take over: no second click, no dismissing half way.
    expect((reload as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Later' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('Later hides the banner without applying the update', async () => {
    const apply = vi.fn()
    renderPrompt()
    act(() => useAppUpdateStore.getState().offer({ apply }))
    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    expect(apply).not.toHaveBeenCalled()
  })

  it('is reachable by keyboard', async () => {
    const apply = vi.fn()
    renderPrompt()
    act(() => useAppUpdateStore.getState().offer({ apply }))
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Later' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload' }))
    await user.keyboard('{Enter}')
    expect(apply).toHaveBeenCalledTimes(1)
  })
})
