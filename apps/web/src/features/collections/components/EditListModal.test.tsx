import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import type { NamedListView } from '../model/list-view.ts'
import { EditListModal } from './EditListModal.tsx'

const list: NamedListView = {
  kind: 'collection',
  id: 'c1',
  libraryId: 'a',
  name: 'Sci-Fi',
  description: 'Space and time',
  userId: null,
  entries: [],
  partial: false,
  total: 0,
}

function renderModal({ canDelete = true } = {}) {
  const onSave = vi.fn(async () => true)
  const onRemove = vi.fn(async () => true)
  const onClose = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={fakeApiClient(fakeServer({}).fetch)}>
        <EditListModal
          open
          list={list}
          aspectRatio={1.6}
          canDelete={canDelete}
          onClose={onClose}
          onSave={onSave}
          onRemove={onRemove}
        />
      </ApiClientProvider>
    </I18nextProvider>,
  )
  return { user: userEvent.setup(), onSave, onRemove, onClose }
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.message)

describe('EditListModal', () => {
  it('saves nothing when nothing changed, and just closes', async () => {
    const { user, onSave, onClose } = renderModal()
    expect(screen.getByRole('dialog', { name: 'Edit Collection' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(onClose).toHaveBeenCalled()
  })

  it('refuses an empty name with the name-required toast', async () => {
    const { user, onSave, onClose } = renderModal()
    await user.clear(screen.getByLabelText('Name'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(toasts()).toContain('Name is required')
  })

  it('sends an emptied description as null, with the name', async () => {
    const { user, onSave, onClose } = renderModal()
    await user.clear(screen.getByLabelText('Description'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith({ name: 'Sci-Fi', description: null })
    expect(onClose).toHaveBeenCalled()
  })

  it('offers Remove only with the delete permission, after a confirmation', async () => {
    const { user, onRemove } = renderModal()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(screen.getByTestId('remove-list-confirm').textContent).toContain('"Sci-Fi"')
    await user.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!)
    expect(onRemove).toHaveBeenCalledOnce()
  })

  it('hides Remove without the delete permission', () => {
    renderModal({ canDelete: false })
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()
  })
})
