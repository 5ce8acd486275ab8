import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeServer } from '@/test/fake-server.ts'
import { renderRoute } from '@/test/render-route.tsx'
import type { PlayerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { PlayButton } from './PlayButton.tsx'

// The engine's loader, observed: what a Play button asks of it (player-loader.test.ts covers the loading).
const loader = vi.hoisted(() => ({ prefetches: 0, actions: [] as ((c: PlayerController) => void)[] }))
vi.mock('../player-loader.ts', () => ({
  prefetchPlayer: () => loader.prefetches++,
  withPlayer: (_api: unknown, action: (c: PlayerController) => void) => loader.actions.push(action),
}))

const fakeController = () => ({ play: vi.fn(async () => {}), playPause: vi.fn() })

function renderButton() {
  return renderRoute('/', '/', <PlayButton libraryItemId="li1" title="The Ashen Gate" />, {
    fetch: fakeServer({}).fetch,
  })
}

afterEach(() => {
  loader.prefetches = 0
  loader.actions = []
  usePlayerStore.setState(usePlayerStore.getInitialState(), true)
})

describe('PlayButton', () => {
  it('hovering or focusing it fetches the engine ahead of the click', async () => {
    const { user } = renderButton()
    const button = screen.getByRole('button', { name: 'Play The Ashen Gate' })
    await user.hover(button)
    expect(loader.prefetches).toBeGreaterThan(0)
    const hovered = loader.prefetches
    button.blur()
    button.focus()
    expect(loader.prefetches).toBeGreaterThan(hovered)
    expect(loader.actions).toHaveLength(0)
  })

  it('one click starts the item through the player, loaded or not', async () => {
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: 'Play The Ashen Gate' }))
    expect(loader.actions).toHaveLength(1)
    const controller = fakeController()
    loader.actions[0]!(controller as unknown as PlayerController)
    expect(controller.play).toHaveBeenCalledWith(
      expect.objectContaining({ libraryItemId: 'li1', episodeId: null }),
    )
    expect(controller.playPause).not.toHaveBeenCalled()
  })

  it('on the item already open, a click pauses or resumes instead of starting again', async () => {
    usePlayerStore.setState({ libraryItemId: 'li1', state: 'PLAYING', session: {} as never })
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    const controller = fakeController()
    loader.actions[0]!(controller as unknown as PlayerController)
    expect(controller.playPause).toHaveBeenCalledOnce()
    expect(controller.play).not.toHaveBeenCalled()
  })
})
