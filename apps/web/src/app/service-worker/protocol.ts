/** What the page and the service worker (src/sw.ts) agree on. */

/** Sent by the page to a waiting worker when the user asks for the new version. */
export const skipWaitingMessage = { type: 'skip-waiting' } as const

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'skip-waiting'
}

/**
 * Stamped into sw.js at build time (vite-service-worker.ts): a version that changes with every build whose
 * output changed (so the browser sees a new worker), and the files the shell needs to start offline.
 */
export interface ServiceWorkerBuild {
  version: string
  /** Paths relative to the scope: the fingerprinted files index.html loads. */
  precache: string[]
}

/** Caches the worker owns; each build's name is this prefix and its version. */
export const shellCachePrefix = 'shelfcast-shell-'
export const shellCacheName = (build: ServiceWorkerBuild) => `${shellCachePrefix}${build.version}`
