import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const serverMain = path.resolve(import.meta.dirname, '../main.ts')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A real server process (`process.execPath src/main.ts`: Node 24 from npm's PATH, as in production) on a
 * data folder, started and answering /ping. Tests kill it with SIGKILL or stop it with SIGTERM.
 */
export async function startServerProcess(
  dir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      CONFIG_PATH: path.join(dir, 'config'),
      METADATA_PATH: path.join(dir, 'metadata'),
      CLIENT_DIST_PATH: path.join(dir, 'no-client'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 10_000) stderr += d.toString()
  })
  const deadline = Date.now() + 60_000 // a ceiling: a busy machine can take long to load the server's modules
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) return child
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start: ${stderr}`)
}

/** Resolves once the process has exited. */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
  )
}

/** JSON calls to a server process over real HTTP: `{ status, data }`, a plain-text answer as its string. */
export function httpJson(base: string) {
  return async <T>(
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; data: T }> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let data: unknown = text
    try {
      data = JSON.parse(text)
    } catch {
      // plain text answer
    }
    return { status: res.status, data: data as T }
  }
}
