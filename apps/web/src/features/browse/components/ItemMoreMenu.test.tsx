import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { usePlayerStore, type QueueItem } from '@/features/player/index.ts'
import { useAddToListModal } from '@/lib/add-to-list-modal.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useItemEditModal } from '@/lib/item-edit-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useShareModal } from '@/lib/share-modal.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { ItemMoreMenu } from './ItemMoreMenu.tsx'

const entry: QueueItem = {
  libraryItemId: 'li2',
  episodeId: null,
  title: 'Second Book',
  subtitle: 'Author',
  caption: null,
  duration: 60,
  coverPath: null,
  libraryId: 'lib',
}

function renderMenu() {
  render(
    <I18nextProvider i18n={i18n}>
      <ItemMoreMenu variant="card" queueEntry={entry} testId="more" />
    </I18nextProvider>,
  )
  return userEvent.setup()
}

afterEach(() => usePlayerStore.setState(usePlayerStore.getInitialState(), true))

describe('ItemMoreMenu', () => {
  it('offers Share to admins only, opening the global share modal for the book', async () => {
    const menu = (
      <I18nextProvider i18n={i18n}>
        <ItemMoreMenu variant="card" queueEntry={entry} shareItemId="li2" testId="more" />
      </I18nextProvider>
    )
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const { rerender } = render(menu)
    expect(screen.queryByTestId('more')).toBeNull()
    act(() => useSessionStore.getState().setSession(loginResponseFixture(userFixture('admin'))))
    rerender(menu)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(screen.getByRole('menuitem', { name: 'Share' }))
    expect(useShareModal.getState().libraryItemId).toBe('li2')
    useShareModal.setState({ libraryItemId: null })
  })

  it('shows nothing while nothing plays, nor for the item playing now', () => {
    renderMenu()
    expect(screen.queryByTestId('more')).toBeNull()
    act(() => usePlayerStore.setState({ libraryItemId: 'li2', episodeId: null }))
    expect(screen.queryByTestId('more')).toBeNull()
  })

  it('adds the item to the queue while another plays, then offers to remove it', async () => {
    usePlayerStore.setState({ libraryItemId: 'li1', episodeId: null })
    const user = renderMenu()
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(screen.getByRole('menuitem', { name: 'Add to queue' }))
    expect(usePlayerStore.getState().queue).toEqual([entry])
    expect(screen.queryByTestId('menu-add-to-queue')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(screen.getByRole('menuitem', { name: 'Remove from queue' }))
    expect(usePlayerStore.getState().queue).toEqual([])
  })

  it('offers collections (update permission) and playlists through the global modals', async () => {
    const lists = { libraryItemId: 'li2', libraryId: 'lib', isBook: true, playable: true }
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <ItemMoreMenu variant="page" queueEntry={entry} lists={lists} testId="more" />
      </I18nextProvider>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'More' }))
    expect(screen.queryByTestId('menu-add-to-collection')).toBeNull()
    await user.click(screen.getByTestId('menu-add-to-playlist'))
    expect(useAddToListModal.getState().request).toEqual({
      kind: 'playlist',
      libraryId: 'lib',
      entries: [{ libraryItemId: 'li2', episodeId: null }],
    })

    useSessionStore.getState().setSession(loginResponseFixture(userFixture('admin')))
    rerender(
      <I18nextProvider i18n={i18n}>
        <ItemMoreMenu variant="page" queueEntry={entry} lists={lists} testId="more" />
      </I18nextProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('menu-add-to-collection'))
    expect(useAddToListModal.getState().request).toEqual({
      kind: 'collection',
      libraryId: 'lib',
      itemIds: ['li2'],
    })
  })

  it('offers Delete only with delete permission, asking through the global prompt', async () => {
    const deletable = { id: 'li2', libraryId: 'lib', title: 'Second Book' }
    const menu = (
      <ItemMoreMenu variant="page" queueEntry={entry} queueable={false} deletable={deletable} testId="more" />
    )
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('user')))
    const { rerender } = render(<I18nextProvider i18n={i18n}>{menu}</I18nextProvider>)
    expect(screen.queryByTestId('more')).toBeNull()

    useSessionStore.getState().setSession(loginResponseFixture(userFixture('admin')))
    rerender(<I18nextProvider i18n={i18n}>{menu}</I18nextProvider>)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'More' }))
    await user.click(screen.getByTestId('menu-delete-item'))
    expect(useItemEditModal.getState().deleteRequest).toEqual(deletable)
    useItemEditModal.setState({ deleteRequest: null })
  })
})
