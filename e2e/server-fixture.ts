import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'

const repoRoot = path.resolve(import.meta.dirname, '..')

export interface ShelfcastServer {
  url: string
  port: number
  dataDir: string
  /** Creates the root user through the API (most journeys start after the first run). */
  initRoot(username?: string, password?: string): Promise<void>
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000 // a ceiling: a busy machine can take long to load the server's modules
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`)
    try {
      const res = await fetch(`${url}/healthcheck`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not become healthy:\n${log()}`)
}

/**
 * Starts the real server (built client included) on a free port with its own data folder, or with
 * `options.dataDir` (kept on stop: benchmarks restart a server on data they prepared).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<ShelfcastServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-'))
  let output = ''
  // process.execPath is the pinned Node 24 that runs Playwright (npm puts node_modules/.bin first).
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONFIG_PATH: path.join(dataDir, 'config'),
      METADATA_PATH: path.join(dataDir, 'metadata'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child, () => output)
  return {
    url,
    port,
    dataDir,
    async initRoot(username = 'root', password = 'rootpass') {
      const res = await fetch(`${url}/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ newRoot: { username, password } }),
      })
      if (!res.ok) throw new Error(`init failed: ${res.status} ${await res.text()}`)
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Chromium's console line for a blocked load or script, or ours for a `securitypolicyviolation` event. */
const isCspMessage = (text: string) => /Content Security Policy|CSP violation/i.test(text)

/**
 * `server`: a fresh server per test, so journeys never share state. Every page of the test's context
 * reports Content-Security-Policy violations, and any one fails the test: the whole suite runs the app
 * under the server's CSP.
 */
export const test = base.extend<{ server: ShelfcastServer; serverEnv: Record<string, string> }>({
  context: async ({ context }, use) => {
    const violations: string[] = []
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
        )
      })
    })
    const watch = (page: Page) => {
      page.on('console', (msg) => {
        if (msg.type() === 'error' && isCspMessage(msg.text())) violations.push(msg.text())
      })
    }
    context.pages().forEach(watch)
    context.on('page', watch)
    await use(context)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use) => {
    const server = await startServer(serverEnv)
    await use(server)
    await server.stop()
  },
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
})

export { expect }
