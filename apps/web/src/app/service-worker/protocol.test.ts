import { describe, expect, it } from 'vitest'
import { isOutdatedShellCache, isSkipWaitingMessage, shellCacheName, skipWaitingMessage } from './protocol.ts'

const build = { version: 'abc123', precache: [] }

describe('shell caches', () => {
  it('are named per build and per scope', () => {
    expect(shellCacheName(build, 'https://x.example/')).toBe('shelfcast-shell-abc123@/')
    expect(shellCacheName(build, 'https://x.example/audiobookshelf/')).toBe(
      'shelfcast-shell-abc123@/audiobookshelf/',
    )
  })

  it("a new build removes its own scope's older caches only", () => {
    const root = 'https://x.example/'
    const based = 'https://x.example/audiobookshelf/'
    const current = shellCacheName(build, root)
    expect(isOutdatedShellCache('shelfcast-shell-old999@/', current, root)).toBe(true)
    expect(isOutdatedShellCache(current, current, root)).toBe(false)
    // The worker under the base path keeps its cache, and caches the app does not own stay.
    expect(isOutdatedShellCache('shelfcast-shell-old999@/audiobookshelf/', current, root)).toBe(false)
    expect(isOutdatedShellCache('other-cache@/', current, root)).toBe(false)
    expect(isOutdatedShellCache('shelfcast-shell-old999@/', shellCacheName(build, based), based)).toBe(false)
  })
})

describe('the skip-waiting message', () => {
  it('is recognised, and nothing else is', () => {
    expect(isSkipWaitingMessage(skipWaitingMessage)).toBe(true)
    for (const other of [null, 'skip-waiting', { type: 'other' }, 42, undefined])
      expect(isSkipWaitingMessage(other)).toBe(false)
  })
})
