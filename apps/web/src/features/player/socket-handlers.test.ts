import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { socketEvents } from '@/lib/socket/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { FakeAudioBackend } from './engine/fake-audio-backend.ts'
import { PlayerController } from './player-controller.ts'
import { installPlayerController, loadedPlayerController } from './player-instance.ts'
import { registerPlayerSocketHandlers } from './socket-handlers.ts'

let off: (() => void) | null = null
afterEach(() => {
  off?.()
  installPlayerController(null)
})

describe('player socket handlers', () => {
  it('progress events refresh the home shelves and the user progress', async () => {
    off = registerPlayerSocketHandlers()
    const queryClient = new QueryClient()
    queryClient.setQueryData(['browse', 'lib1', 'personalized'], [])
    queryClient.setQueryData(['browse', 'lib1', 'items'], [])
    useSessionStore.setState({
      user: {
        id: 'u1',
        mediaProgress: [{ id: 'p1', libraryItemId: 'li1', episodeId: null, currentTime: 1 }],
      } as never,
    })
    socketEvents.dispatch({ queryClient }, 'user_item_progress_updated', [
      {
        id: 'p1',
        sessionId: 's9',
        deviceDescription: null,
        data: { id: 'p1', libraryItemId: 'li1', episodeId: null, currentTime: 42 },
      },
    ])
    expect(queryClient.getQueryState(['browse', 'lib1', 'personalized'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['browse', 'lib1', 'items'])?.isInvalidated).toBe(false)
    expect(useSessionStore.getState().user?.mediaProgress).toEqual([
      { id: 'p1', libraryItemId: 'li1', episodeId: null, currentTime: 42 },
    ])
  })
  it('stream events reach the player once its engine is loaded, and are harmless before', () => {
    off = registerPlayerSocketHandlers()
    const queryClient = new QueryClient()
    expect(() => socketEvents.dispatch({ queryClient }, 'stream_closed', ['s1'])).not.toThrow()
    // Nothing plays before the first play: the event neither loads nor makes a player.
    expect(loadedPlayerController()).toBeNull()
    const controller = new PlayerController(() => new FakeAudioBackend())
    const closed = vi.spyOn(controller, 'onStreamClosed').mockImplementation(() => {})
    installPlayerController(controller)
    socketEvents.dispatch({ queryClient }, 'stream_closed', ['s1'])
    expect(closed).toHaveBeenCalledWith('s1')
  })
})
