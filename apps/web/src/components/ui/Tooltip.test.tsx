import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { IconButton } from './IconButton.tsx'

describe('IconButton tooltip', () => {
  it('is named by its label, shows the label as a tooltip on hover and hides it 100 ms after leaving', async () => {
    const user = userEvent.setup()
    render(<IconButton icon="close" label="Remove key" />)
    const button = screen.getByRole('button', { name: 'Remove key' })
    expect(button.hasAttribute('title')).toBe(false)
    expect(screen.queryByRole('tooltip')).toBeNull()

    await user.hover(button)
    expect((await screen.findByRole('tooltip')).textContent).toBe('Remove key')

    await user.unhover(button)
    // Still there right after leaving: it waits out the hide delay.
    expect(screen.queryByRole('tooltip')).not.toBeNull()
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('shows at once on keyboard focus', async () => {
    const user = userEvent.setup()
    render(<IconButton icon="close" label="Remove key" />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove key' }))
    expect((await screen.findByRole('tooltip')).textContent).toBe('Remove key')
  })
})
