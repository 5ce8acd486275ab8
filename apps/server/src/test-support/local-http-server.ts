import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  url: string
  headers: http.IncomingHttpHeaders
}

/** A real HTTP server on a loopback address for tests of outbound fetches (feeds, covers, providers). */
export interface LocalHttpServer {
  port: number
  /** `http://<host>:<port>`; the host defaults to the one the server listens on. */
  origin(host?: string): string
  /** Every request that reached the handler, in order. */
  requests: SeenRequest[]
  /** Open TCP connections right now (0 once a client let go of every socket). */
  openConnections(): Promise<number>
  close(): Promise<void>
}

export async function startLocalHttpServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  host = '127.0.0.1',
): Promise<LocalHttpServer> {
  const requests: SeenRequest[] = []
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers })
    handler(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const bracketed = host.includes(':') ? `[${host}]` : host
  return {
    port,
    origin: (name = bracketed) => `http://${name}:${port}`,
    requests,
    openConnections: () =>
      new Promise((resolve, reject) =>
        server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
