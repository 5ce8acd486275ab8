import type http from 'node:http'
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.ts'

/** One POST the server received: when (ms since the epoch), where, and its JSON body. */
export interface AppriseRequest {
  at: number
  path: string
  contentType: string | undefined
  body: { urls?: unknown; title?: unknown; body?: unknown }
}

export type AppriseMode = 'ok' | 'fail' | 'hang'

/**
 * A protocol-true Apprise API server on 127.0.0.1 (reached as "localhost", allowed through the guarded fetcher
 * by SSRF_REQUEST_FILTER_WHITELIST): answers POST /notify with 200, 500 or never, and records every request.
 */
export interface AppriseTestServer {
  /** `http://localhost:<port>`: the Apprise API URL to store. */
  url: string
  received: AppriseRequest[]
  mode: AppriseMode
  /** Resolves once `count` requests arrived (throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<AppriseRequest[]>
  close(): Promise<void>
}

export async function startAppriseTestServer(): Promise<AppriseTestServer> {
  const hanging = new Set<http.ServerResponse>()
  const state: { server?: LocalHttpServer } = {}
  const api: AppriseTestServer = {
    url: '',
    received: [],
    mode: 'ok',
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while (api.received.length < count) {
        if (Date.now() > deadline) throw new Error(`Apprise got ${api.received.length} of ${count} requests`)
        await new Promise((r) => setTimeout(r, 20))
      }
      return api.received.slice(0, count)
    },
    async close() {
      for (const res of hanging) res.destroy()
      await state.server?.close()
    },
  }
  state.server = await startLocalHttpServer((req, res) => {
    const at = Date.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: AppriseRequest['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AppriseRequest['body']
      } catch {
        body = {}
      }
      api.received.push({ at, path: req.url ?? '', contentType: req.headers['content-type'], body })
      if (req.method !== 'POST' || req.url !== '/notify') {
        res.writeHead(404).end()
      } else if (api.mode === 'hang') {
        hanging.add(res)
      } else if (api.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}')
      }
    })
  })
  api.url = state.server.origin('localhost')
  return api
}
