import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ToastList } from './ToastList.tsx'

describe('ToastList', () => {
  it('renders each toast with its kind and a close button', async () => {
    const onClose = vi.fn()
    render(
      <ToastList
        closeLabel="Close"
        onClose={onClose}
        toasts={[
          { id: 'a', kind: 'success', message: 'Saved' },
          { id: 'b', kind: 'error', message: 'Broken' },
        ]}
      />,
    )
    const toasts = screen.getAllByTestId('toast')
    expect(toasts.map((t) => [t.dataset.kind, t.getAttribute('role'), t.textContent])).toEqual([
      ['success', 'status', 'Saved'],
      ['error', 'alert', 'Broken'],
    ])
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[1]!)
    expect(onClose).toHaveBeenCalledWith('b')
  })
})
