import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ImagePreview } from './ImagePreview.tsx'

describe('ImagePreview', () => {
  it('is a dialog named by its label that closes on Escape and on a click', async () => {
    const onClose = vi.fn()
    const user = userEvent.setup()
    render(<ImagePreview src="/cover.jpg" alt="Cover" label="Cover preview" onClose={onClose} />)
    const dialog = screen.getByRole('dialog', { name: 'Cover preview' })
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.click(dialog)
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
