import { skipWaitingMessage } from './protocol.ts'
import { useAppUpdateStore } from './update-store.ts'

/** A new deploy is looked for when the app returns to the foreground, and this often while it stays open. */
const updateCheckEveryMs = 60 * 60 * 1000

/** What registration reads from the browser (injectable for tests). */
export interface ServiceWorkerHost {
  production: boolean
  isSecureContext: boolean
  serviceWorker: ServiceWorkerContainer | undefined
  /** document.baseURI: `${ROUTER_BASE_PATH}/` on this origin, where sw.js is served. */
  baseUri: string
  reload: () => void
}

function browserHost(): ServiceWorkerHost {
  return {
    production: import.meta.env.PROD,
    isSecureContext: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    baseUri: document.baseURI,
    reload: () => window.location.reload(),
  }
}

/**
 * Only built apps get a worker (the dev server's modules are not fingerprinted, a cache would serve stale
 * code), and browsers allow one only on secure contexts: https, or http on localhost / 127.0.0.1.
 */
export function mayRegisterServiceWorker(
  host: Pick<ServiceWorkerHost, 'production' | 'isSecureContext' | 'serviceWorker'>,
) {
  return host.production && host.isSecureContext && host.serviceWorker !== undefined
}

/** Registers dist/sw.js for the app's base path and offers its updates to the update prompt. */
export async function registerServiceWorker(
  host: ServiceWorkerHost = browserHost(),
): Promise<ServiceWorkerRegistration | null> {
  const container = host.serviceWorker
  if (!container || !mayRegisterServiceWorker(host)) return null
  const registration = await container.register(new URL('sw.js', host.baseUri).href, {
    scope: new URL('./', host.baseUri).href,
    // sw.js is compared byte for byte on every check, never taken from the HTTP cache.
    updateViaCache: 'none',
  })
  offerWaitingUpdates(registration, container, host.reload)
  return registration
}

/** Registers once the page has loaded, so the worker's downloads never compete with the first render. */
export function registerServiceWorkerAfterLoad(): void {
  const start = () => {
    registerServiceWorker()
      .then((registration) => {
        if (registration) checkForUpdatesPeriodically(registration)
      })
      // The app works without a worker (private windows, browsers with them disabled).
      .catch(() => undefined)
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

function checkForUpdatesPeriodically(registration: ServiceWorkerRegistration) {
  // A failed check (offline, server restarting) is simply tried again next time.
  const check = () => void registration.update().catch(() => undefined)
  window.setInterval(check, updateCheckEveryMs)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
}

/**
 * A worker that finishes installing while an older one controls the page is a new version: it waits, and
 * the user decides when to switch (a running page never mixes two versions' files). The very first install
 * controls nothing yet and is no update.
 */
export function offerWaitingUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  reload: () => void,
): void {
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !container.controller) return
    useAppUpdateStore.getState().offer({ apply: () => applyUpdate(worker, container, reload) })
  }
  const follow = (installing: ServiceWorker | null) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing)
    })
  offer(registration.waiting)
  // The browser may have found the new sw.js on this page's own load, before we were listening.
  follow(registration.installing)
  registration.addEventListener('updatefound', () => follow(registration.installing))
}

/** Asks `worker` to take over and reloads the page once (when it controls it), so it runs the new version. */
export function applyUpdate(
  worker: ServiceWorker,
  container: ServiceWorkerContainer,
  reload: () => void,
): void {
  let reloaded = false
  container.addEventListener('controllerchange', () => {
    if (reloaded) return
    reloaded = true
    reload()
  })
  worker.postMessage(skipWaitingMessage)
}
