/**
 * The service worker (built on its own as dist/sw.js by vite-service-worker.ts, never fingerprinted, served
 * no-cache). It keeps the app shell and the fingerprinted build files so the app starts fast and offline;
 * what it may store is decided by app/service-worker/cache-rule.ts alone. A new build's worker waits until
 * the page asks it to take over (the update prompt), so a running page never mixes two versions.
 */
import { cachePolicyOf, isStorableResponse } from './app/service-worker/cache-rule.ts'
import {
  isOutdatedShellCache,
  isSkipWaitingMessage,
  shellCacheName,
  type ServiceWorkerBuild,
} from './app/service-worker/protocol.ts'

// The worker's global scope, typed here: the app's TypeScript lib is DOM, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(answer: Promise<Response>): void
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration
  readonly clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}

/** Replaced at build time with this build's version and precache list. */
declare const __SHELFCAST_SW_BUILD__: ServiceWorkerBuild

const worker = self as unknown as ServiceWorkerScope
const build = __SHELFCAST_SW_BUILD__
const scopeUrl = worker.registration.scope
const cacheName = shellCacheName(build, scopeUrl)
/** index.html as the server answers it under this base path (its <base href> already rewritten). */
const shellUrl = scopeUrl

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      cache.addAll([
        // Past the HTTP cache: the shell must be the one of this build.
        new Request(shellUrl, { cache: 'reload' }),
        ...build.precache.map((file) => new URL(file, scopeUrl).href),
      ]),
    ),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => isOutdatedShellCache(name, cacheName, scopeUrl))
            .map((name) => caches.delete(name)),
        ),
      )
      // The first install takes the open page at once; later versions arrive through the update prompt.
      .then(() => worker.clients.claim()),
  )
})

worker.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) event.waitUntil(worker.skipWaiting())
})

worker.addEventListener('fetch', (event) => {
  const policy = cachePolicyOf(event.request, scopeUrl)
  // Not answering leaves the request to the browser, exactly as without a worker.
  if (policy === 'static-asset') event.respondWith(cacheFirst(event.request))
  else if (policy === 'app-shell') event.respondWith(networkFirstShell(event.request))
})

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(cacheName)
  const cached = await cache.match(request)
  if (cached) return cached
  const answer = await fetch(request)
  if (isStorableResponse(answer)) await cache.put(request, answer.clone())
  return answer
}

/** Pages always come from the server when it answers (new deploys, redirects); the shell only offline. */
async function networkFirstShell(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.open(cacheName).then((cache) => cache.match(shellUrl))
    if (shell) return shell
    throw error
  }
}
