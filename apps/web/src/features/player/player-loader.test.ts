import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import { FakeAudioBackend } from './engine/fake-audio-backend.ts'
import { PlayerController } from './player-controller.ts'

const api = () => fakeApiClient(fakeServer({}).fetch)

/** A first load's worth of modules: nothing of the player loaded yet. */
async function freshApp() {
  vi.resetModules()
  const [loader, instance, toasts] = await Promise.all([
    import('./player-loader.ts'),
    import('./player-instance.ts'),
    import('@/lib/toast-store.ts'),
  ])
  return { ...loader, ...instance, toasts: () => toasts.useToastStore.getState().toasts }
}

afterEach(() => {
  vi.doUnmock('./on-demand.ts')
  vi.restoreAllMocks()
})

describe('withPlayer', () => {
  it('runs at once on a loaded player, attached to the api', async () => {
    const app = await freshApp()
    const controller = new PlayerController(() => new FakeAudioBackend())
    const attach = vi.spyOn(controller, 'attach')
    app.installPlayerController(controller)
    const client = api()
    const action = vi.fn()
    app.withPlayer(client, action)
    expect(action).toHaveBeenCalledExactlyOnceWith(controller)
    expect(attach).toHaveBeenCalledWith(client)
  })

  it('before the first play: fetches the engine, then runs once on the player it made', async () => {
    const app = await freshApp()
    expect(app.loadedPlayerController()).toBeNull()
    const action = vi.fn()
    app.withPlayer(api(), action)
    expect(action).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(action).toHaveBeenCalledOnce(), { timeout: 10_000 })
    const controller = app.loadedPlayerController()
    expect(controller).not.toBeNull()
    expect(action).toHaveBeenCalledWith(controller)
  })

  it('says so in a toast when the engine cannot be fetched, and fetches again on the next play', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    const made = new PlayerController(() => new FakeAudioBackend())
    vi.doMock('./on-demand.ts', () => {
      if (fail) throw new Error('chunk gone')
      return { playerController: () => made }
    })
    const app = await freshApp()
    const action = vi.fn()
    app.withPlayer(api(), action)
    await vi.waitFor(() => expect(app.toasts()).toHaveLength(1), { timeout: 10_000 })
    expect(app.toasts()[0]?.message).toContain('Playback failed')
    expect(action).not.toHaveBeenCalled()
    fail = false
    app.withPlayer(api(), action)
    await vi.waitFor(() => expect(action).toHaveBeenCalledExactlyOnceWith(made), { timeout: 10_000 })
  })
})
