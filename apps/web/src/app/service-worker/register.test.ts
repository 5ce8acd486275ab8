import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  applyUpdate,
  mayRegisterServiceWorker,
  registerServiceWorker,
  type ServiceWorkerHost,
} from './register.ts'
import { useAppUpdateStore } from './update-store.ts'

/** A worker: an event target with a state and a mailbox. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  postMessage = vi.fn()
  install() {
    this.state = 'installed'
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null
  installing: FakeWorker | null = null
  /** A new sw.js found on the server: installs, then waits. */
  newVersionFound() {
    const worker = new FakeWorker()
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
    worker.install()
    this.installing = null
    this.waiting = worker
    return worker
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null
  readonly registration = new FakeRegistration()
  register = vi.fn(async (_url: string, _options: RegistrationOptions) => this.registration)
  constructor(controlled: boolean) {
    super()
    this.controller = controlled ? new FakeWorker() : null
  }
}

function host(container: FakeContainer, overrides: Partial<ServiceWorkerHost> = {}): ServiceWorkerHost {
  return {
    production: true,
    isSecureContext: true,
    serviceWorker: container as unknown as ServiceWorkerContainer,
    baseUri: 'https://books.example/shelfcast/',
    reload: vi.fn(),
    ...overrides,
  }
}

afterEach(() => useAppUpdateStore.setState({ pending: null }))

describe('registerServiceWorker', () => {
  it('registers sw.js under the base path with the base path as scope, bypassing the HTTP cache', async () => {
    const container = new FakeContainer(false)
    await registerServiceWorker(host(container))
    expect(container.register).toHaveBeenCalledWith('https://books.example/shelfcast/sw.js', {
      scope: 'https://books.example/shelfcast/',
      updateViaCache: 'none',
    })
  })

  it('registers nothing in development, on insecure pages or without service worker support', async () => {
    const container = new FakeContainer(false)
    expect(await registerServiceWorker(host(container, { production: false }))).toBeNull()
    expect(await registerServiceWorker(host(container, { isSecureContext: false }))).toBeNull()
    expect(container.register).not.toHaveBeenCalled()
    expect(
      mayRegisterServiceWorker({ production: true, isSecureContext: true, serviceWorker: undefined }),
    ).toBe(false)
  })

  it('offers no update for the first install (nothing controlled the page)', async () => {
    const container = new FakeContainer(false)
    await registerServiceWorker(host(container))
    container.registration.newVersionFound()
    expect(useAppUpdateStore.getState().pending).toBeNull()
  })

  it('offers a version that installs while an older one controls the page', async () => {
    const container = new FakeContainer(true)
    await registerServiceWorker(host(container))
    expect(useAppUpdateStore.getState().pending).toBeNull()
    const worker = container.registration.newVersionFound()
    const pending = useAppUpdateStore.getState().pending
    expect(pending).not.toBeNull()
    pending!.apply()
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' })
  })

  it('offers a version the browser was already installing when registration ran', async () => {
    const container = new FakeContainer(true)
    const worker = new FakeWorker()
    container.registration.installing = worker
    await registerServiceWorker(host(container))
    expect(useAppUpdateStore.getState().pending).toBeNull()
    worker.install()
    expect(useAppUpdateStore.getState().pending).not.toBeNull()
  })

  it('offers a version that was already waiting when the page loaded', async () => {
    const container = new FakeContainer(true)
    container.registration.waiting = new FakeWorker()
    await registerServiceWorker(host(container))
    expect(useAppUpdateStore.getState().pending).not.toBeNull()
  })
})

describe('applyUpdate', () => {
  it('tells the waiting worker to take over and reloads once, when it controls the page', () => {
    const container = new FakeContainer(true)
    const worker = new FakeWorker()
    const reload = vi.fn()
    applyUpdate(worker as unknown as ServiceWorker, container as unknown as ServiceWorkerContainer, reload)
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' })
    expect(reload).not.toHaveBeenCalled()
    container.dispatchEvent(new Event('controllerchange'))
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
