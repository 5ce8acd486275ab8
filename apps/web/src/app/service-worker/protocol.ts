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

const shellCachePrefix = 'shelfcast-shell-'

/**
 * The cache of one build for one scope: `shelfcast-shell-<version>@<scope path>`. The scope is in the name
 * because one origin may serve the app at `/` and under ROUTER_BASE_PATH, each with its own worker.
 */
export function shellCacheName(build: ServiceWorkerBuild, scopeUrl: string): string {
  return `${shellCachePrefix}${build.version}@${new URL(scopeUrl).pathname}`
}

/** A cache an older build of this scope's worker left: removed when a new build activates. */
export function isOutdatedShellCache(name: string, current: string, scopeUrl: string): boolean {
  return (
    name !== current && name.startsWith(shellCachePrefix) && name.endsWith(`@${new URL(scopeUrl).pathname}`)
  )
}
