// A synthetic library of N books in a data folder, and a real server process on it: shared by the single-call
// and the load benchmarks. The folder is kept in the temp dir and reused by later runs of the same size
// (generating 100,000 books takes a minute); BENCH_FRESH=1 makes a new one.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { ChildProcess } from 'node:child_process'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { exited, freePort, startServerProcess } from '../apps/server/src/test-support/server-process.ts'
import { generateSyntheticLibrary, type SyntheticLibrary } from './synthetic-library.ts'

export const BENCH_USER = { username: 'bench', password: 'bench-password' }

const dataConfig = (dir: string) => ({
  CONFIG_PATH: path.join(dir, 'config'),
  METADATA_PATH: path.join(dir, 'metadata'),
  CLIENT_DIST_PATH: path.join(dir, 'no-client'),
  HOST: '127.0.0.1',
})

async function post(base: string, url: string, body: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  return fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })
}

/** A data folder holding a synthetic library of `books` books (made once per size, then reused). */
export async function prepareLibrary(books: number): Promise<{ dir: string; lib: SyntheticLibrary }> {
  const dir = path.join(os.tmpdir(), `shelfcast-bench-library-${books}`)
  const libFile = path.join(dir, 'synthetic-library.json')
  if (process.env.BENCH_FRESH === '1') fs.rmSync(dir, { recursive: true, force: true })
  if (fs.existsSync(libFile))
    return { dir, lib: JSON.parse(fs.readFileSync(libFile, 'utf8')) as SyntheticLibrary }
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const { app, ctx } = await buildApp({ config: loadConfig(dataConfig(dir)), logger: silentLogger() })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  try {
    await post(base, '/init', { newRoot: BENCH_USER })
    const login = (await (await post(base, '/login', BENCH_USER)).json()) as { user: { id: string } }
    const sqlite = ctx.database.sqlite
    const t0 = Date.now()
    sqlite.pragma('cache_size = -262144')
    sqlite.pragma('synchronous = OFF')
    const lib = generateSyntheticLibrary(sqlite, {
      books,
      authors: Math.max(5, Math.round(books / 5)),
      series: Math.max(2, Math.round(books / 12.5)),
      podcasts: Math.max(2, Math.round(books / 333)),
      episodesPerPodcast: 60,
      userId: login.user.id,
      root: path.join(dir, 'media'),
    })
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    sqlite.pragma('synchronous = NORMAL')
    fs.writeFileSync(libFile, JSON.stringify(lib))
    console.error(
      `generated ${JSON.stringify(lib.counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s (${dir})`,
    )
    return { dir, lib }
  } finally {
    await app.close()
  }
}

export interface BenchServer {
  base: string
  token: string
  userId: string
  /** CPU time the server process has used so far (user + system, from /proc): a figure the other engineers' load barely moves. */
  cpuMs(): number
  stop(): Promise<void>
}

/** User + system CPU time of a process in ms (Linux /proc, clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * A real server process (`node apps/server/src/main.ts`) on the data folder, at the server's default log level
 * unless BENCH_LOG_LEVEL says otherwise. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server there.
 */
export async function startBenchServer(dir: string): Promise<BenchServer> {
  const port = await freePort()
  const env: Record<string, string> = { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' }
  const profDir = process.env.BENCH_CPU_PROF
  if (profDir) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${path.resolve(profDir)}`
  const child: ChildProcess = await startServerProcess(dir, port, env)
  const base = `http://127.0.0.1:${port}`
  const login = (await (await post(base, '/login', BENCH_USER)).json()) as {
    user: { id: string; accessToken: string }
  }
  return {
    base,
    token: login.user.accessToken,
    userId: login.user.id,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    async stop() {
      child.kill('SIGTERM')
      await exited(child)
    },
  }
}

export const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
export const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0))
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** A lean keep-alive HTTP client (node:http): undici's fetch costs more per call than the fastest answers. */
export function httpClient(base: string, maxSockets = 1) {
  const agent = new http.Agent({ keepAlive: true, maxSockets })
  const { hostname, port } = new URL(base)
  return {
    request(
      method: string,
      url: string,
      token: string,
      body?: unknown,
    ): Promise<{ status: number; bytes: number; text: () => string }> {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip, deflate, br',
        }
        if (payload !== undefined) headers['content-type'] = 'application/json'
        const req = http.request({ agent, hostname, port, method, path: url, headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const buf = Buffer.concat(chunks)
            const encoding = res.headers['content-encoding']
            resolve({
              status: res.statusCode ?? 0,
              bytes: buf.length,
              text: () =>
                (encoding === 'gzip'
                  ? zlib.gunzipSync(buf)
                  : encoding === 'br'
                    ? zlib.brotliDecompressSync(buf)
                    : encoding === 'deflate'
                      ? zlib.inflateSync(buf)
                      : buf
                ).toString(),
            })
          })
          res.on('error', reject)
        })
        req.on('error', reject)
        req.end(payload)
      })
    },
    close: () => agent.destroy(),
  }
}
