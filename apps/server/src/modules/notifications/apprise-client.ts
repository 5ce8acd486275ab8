import type { GuardedFetcher } from '../../net/index.ts'

export interface AppriseMessage {
  urls: readonly string[]
  title: string
  body: string
}

/** Sends one message through an Apprise API server (POST {apiUrl}/notify); throws when it fails or hangs. */
export type SendApprise = (apiUrl: string, message: AppriseMessage) => Promise<void>

/**
 * The Apprise call through the guarded fetcher, bounded by `timeoutMs` so a server that never answers costs
 * one attempt of that length.
 */
export function createAppriseSender(fetcher: GuardedFetcher, timeoutMs: number): SendApprise {
  return async (apiUrl, message) => {
    const endpoint = `${apiUrl.replace(/\/+$/, '')}/notify`
    await fetcher.postJson(
      endpoint,
      { urls: [...message.urls], title: message.title, body: message.body },
      { timeoutMs, stallTimeoutMs: timeoutMs, maxBytes: 64 * 1024 },
    )
  }
}
