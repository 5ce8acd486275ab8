import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmPrompt } from './ConfirmPrompt.tsx'
import { Modal } from './Modal.tsx'

describe('Modal', () => {
  it('closes on Escape, the close button and a background click; locks page scroll while open', async () => {
    const onClose = vi.fn()
    const user = userEvent.setup()
    const { rerender } = render(
      <Modal open onClose={onClose} title="Edit" closeLabel="Close" testId="m">
        <input aria-label="Name" />
      </Modal>,
    )
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true)

    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    const backdrop = screen.getByTestId('m-backdrop')
    fireEvent.mouseDown(backdrop)
    fireEvent.click(backdrop)
    expect(onClose).toHaveBeenCalledTimes(3)

    // A click that starts inside the panel and ends on the backdrop (text selection) does not close.
    fireEvent.mouseDown(screen.getByLabelText('Name'))
    fireEvent.click(backdrop)
    expect(onClose).toHaveBeenCalledTimes(3)

    rerender(
      <Modal open={false} onClose={onClose} title="Edit" closeLabel="Close">
        x
      </Modal>,
    )
    await waitFor(() => expect(document.body.hasAttribute('data-scroll-locked')).toBe(false))
  })

  it('ignores background clicks when persistent and everything while processing', async () => {
    const onClose = vi.fn()
    const user = userEvent.setup()
    const { rerender } = render(
      <Modal open persistent onClose={onClose} title="Edit" closeLabel="Close" testId="m">
        body
      </Modal>,
    )
    fireEvent.mouseDown(screen.getByTestId('m-backdrop'))
    fireEvent.click(screen.getByTestId('m-backdrop'))
    expect(onClose).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)

    rerender(
      <Modal open processing onClose={onClose} title="Edit" closeLabel="Close" testId="m">
        body
      </Modal>,
    )
    await user.keyboard('{Escape}')
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('Escape closes only the innermost of nested modals', async () => {
    const outer = vi.fn()
    const inner = vi.fn()
    const user = userEvent.setup()
    render(
      <Modal open onClose={outer} title="Outer" closeLabel="Close">
        <Modal open onClose={inner} title="Inner" closeLabel="Close">
          inner
        </Modal>
      </Modal>,
    )
    await user.keyboard('{Escape}')
    expect(inner).toHaveBeenCalledTimes(1)
    expect(outer).not.toHaveBeenCalled()
  })
})

describe('ConfirmPrompt', () => {
  const base = {
    open: true,
    title: 'Delete',
    message: 'Sure?',
    yesLabel: 'Yes',
    noLabel: 'No',
    closeLabel: 'Close',
  }

  it('answers yes with the checkbox value, no cancels, an outside click cancels', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const user = userEvent.setup()
    render(<ConfirmPrompt {...base} checkboxLabel="Also files" onConfirm={onConfirm} onCancel={onCancel} />)
    await user.click(screen.getByLabelText('Also files'))
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(onConfirm).toHaveBeenCalledWith(true)
    await user.click(screen.getByRole('button', { name: 'No' }))
    fireEvent.mouseDown(screen.getByTestId('confirm-prompt-backdrop'))
    fireEvent.click(screen.getByTestId('confirm-prompt-backdrop'))
    expect(onCancel).toHaveBeenCalledTimes(2)
  })

  it('a persistent prompt ignores outside clicks; the ok type has a single button', () => {
    const onCancel = vi.fn()
    render(<ConfirmPrompt {...base} type="ok" persistent onConfirm={vi.fn()} onCancel={onCancel} />)
    fireEvent.mouseDown(screen.getByTestId('confirm-prompt-backdrop'))
    fireEvent.click(screen.getByTestId('confirm-prompt-backdrop'))
    expect(onCancel).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'No' })).toBeNull()
  })
})

describe('Modal focus', () => {
  it('keeps Tab inside the dialog, hides the page from assistive tech and returns focus on close', async () => {
    const user = userEvent.setup()
    const page = (open: boolean) => (
      <>
        <button type="button">Opener</button>
        <Modal open={open} onClose={() => {}} title="Edit" closeLabel="Close">
          <input aria-label="Name" />
        </Modal>
      </>
    )
    const { rerender } = render(page(false))
    screen.getByRole('button', { name: 'Opener' }).focus()
    rerender(page(true))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')))
    expect(
      screen.getByRole('button', { name: 'Opener', hidden: true }).closest('[aria-hidden="true"]'),
    ).not.toBeNull()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    rerender(page(false))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opener' })))
  })
})
