import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { storageKeys } from '@/lib/storage.ts'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import { FakeAudioBackend } from '../engine/fake-audio-backend.ts'
import { installPlayerController, PlayerController } from '../player-controller.ts'
import { usePlayerStore, type QueueItem } from '../player-store.ts'
import { PlayerModals } from './PlayerModals.tsx'

const entry = (libraryItemId: string, title: string, duration: number | null): QueueItem => ({
  libraryItemId,
  episodeId: null,
  title,
  subtitle: 'An Author',
  caption: null,
  duration,
  coverPath: null,
  libraryId: 'lib',
})

function renderQueueModal(queue: QueueItem[]) {
  installPlayerController(new PlayerController(() => new FakeAudioBackend()))
  usePlayerStore.setState({ queue })
  const api = fakeApiClient(fakeServer({}).fetch)
  render(
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={api}>
        <PlayerModals open="queue" onClose={() => {}} />
      </ApiClientProvider>
    </I18nextProvider>,
  )
  return userEvent.setup()
}

afterEach(() => {
  localStorage.clear()
  installPlayerController(null)
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('player queue modal', () => {
  it('lists the entries with count and duration (N/A when unknown); remove takes a row out', async () => {
    const user = renderQueueModal([
      { ...entry('a', 'First', 65), coverPath: '/covers/a.jpg' },
      entry('b', 'Second', null),
    ])
    const modal = screen.getByTestId('queue-modal')
    expect(within(modal).getByText('2 items')).toBeTruthy()
    const rows = screen.getAllByTestId('queue-row')
    expect(rows.map((r) => within(r).getByText(/First|Second/).textContent)).toEqual(['First', 'Second'])
    expect(rows[0]!.textContent).toContain('1:05')
    expect(rows[1]!.textContent).toContain('N/A')
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/items/a/cover?width=96')
    expect(rows[1]!.querySelector('img')).toBeNull()
    await user.click(within(rows[0]!).getByRole('button', { name: 'Remove from queue' }))
    expect(usePlayerStore.getState().queue.map((q) => q.libraryItemId)).toEqual(['b'])
    expect(screen.getAllByTestId('queue-row')).toHaveLength(1)
  })

  it("the Auto Play checkbox is remembered as '0' or '1'", async () => {
    const user = renderQueueModal([entry('a', 'First', 65)])
    const checkbox = screen.getByRole('checkbox', { name: 'Auto Play' })
    expect((checkbox as HTMLInputElement).checked).toBe(true)
    await user.click(checkbox)
    expect(localStorage.getItem(storageKeys.playerQueueAutoPlay)).toBe('0')
    expect(usePlayerStore.getState().queueAutoPlay).toBe(false)
    await user.click(checkbox)
    expect(localStorage.getItem(storageKeys.playerQueueAutoPlay)).toBe('1')
  })
})
