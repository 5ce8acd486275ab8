import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type http from 'node:http'
import { Writable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startLocalHttpServer, type LocalHttpServer } from '../test-support/local-http-server.ts'
import {
  createGuardedFetcher,
  FetchBlockedError,
  FetchError,
  type FetchFailedError,
  FetchStatusError,
  type GuardedFetcher,
  type GuardedFetcherOptions,
} from './index.ts'

const MB = 1024 * 1024
const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d])

/** Routes of the loopback server every test talks to. */
function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x')
  switch (url.pathname) {
    case '/hello':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('hello')
      return
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"Dune"}')
      return
    case '/not-json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>')
      return
    case '/redirect': // ?to=<absolute or relative URL>
      res
        .writeHead(Number(url.searchParams.get('status') ?? 302), {
          location: url.searchParams.get('to') ?? '/',
        })
        .end()
      return
    case '/loop':
      res.writeHead(302, { location: '/loop' }).end()
      return
    case '/missing':
      res.writeHead(404, { 'content-type': 'text/plain' }).end('nope')
      return
    case '/huge': // 20 MB, chunked (no Content-Length), written as fast as the client reads
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      streamBytes(res, 20 * MB)
      return
    case '/huge-declared':
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(20 * MB) })
      streamBytes(res, 20 * MB)
      return
    case '/stall-body': // headers and a first chunk, then silence
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first')
      return
    case '/stall-headers': // accepts the request and never answers
      return
    case '/trickle': // never silent for long, never done
      res.writeHead(200, { 'content-type': 'text/plain' })
      trickle(res)
      return
    case '/cover.jpg':
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpegBytes)
      return
    case '/png-labelled-jpeg':
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(pngBytes)
      return
    case '/html-labelled-jpeg':
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><script>alert(1)</script></html>')
      return
    case '/svg':
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>')
      return
    case '/episode.mp3':
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.alloc(64 * 1024, 7))
      return
    default:
      res.writeHead(404).end()
  }
}

function streamBytes(res: http.ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 1)
  let sent = 0
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    if (!res.destroyed) res.end()
  }
  pump()
}

function trickle(res: http.ServerResponse): void {
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 30)
}

let server: LocalHttpServer
let secondLoopback: LocalHttpServer
let ipv6Loopback: LocalHttpServer | null
const fetchers: GuardedFetcher[] = []

function fetcher(options: Partial<GuardedFetcherOptions> = {}): GuardedFetcher {
  const f = createGuardedFetcher({ userAgent: 'Shelfcast/test', allowHosts: ['127.0.0.1'], ...options })
  fetchers.push(f)
  return f
}

/** The error a promise rejects with (failing the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError)
    return err as FetchError
  }
  throw new Error('expected the fetch to fail')
}

async function waitForNoConnections(s: LocalHttpServer): Promise<void> {
  for (let i = 0; i < 100 && (await s.openConnections()) > 0; i++) await new Promise((r) => setTimeout(r, 20))
  expect(await s.openConnections()).toBe(0)
}

beforeAll(async () => {
  server = await startLocalHttpServer(routes)
  secondLoopback = await startLocalHttpServer(routes, '127.0.0.2')
  ipv6Loopback = await startLocalHttpServer(routes, '::1').catch(() => null)
})

afterEach(() => {
  for (const f of fetchers.splice(0)) f.close()
})

afterAll(async () => {
  await Promise.all([server.close(), secondLoopback.close(), ipv6Loopback?.close()])
})

describe('allowed fetches', () => {
  it('fetches an allowlisted loopback host and sends the Shelfcast User-Agent', async () => {
    const answer = await fetcher().fetchBuffer(`${server.origin()}/hello`)
    expect(answer.status).toBe(200)
    expect(answer.mediaType).toBe('text/plain')
    expect(answer.text()).toBe('hello')
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('Shelfcast/test')
  })

  it('has text and JSON helpers; a body that is not JSON is a typed error', async () => {
    const f = fetcher()
    expect(await f.fetchText(`${server.origin()}/hello`)).toBe('hello')
    expect(await f.fetchJson(`${server.origin()}/json`)).toEqual({ title: 'Dune' })
    expect(server.requests.at(-1)?.headers.accept).toBe('application/json')
    expect((await failure(f.fetchJson(`${server.origin()}/not-json`))).message).toContain('invalid-body')
  })

  it('follows redirects between allowed hosts and reports the final URL', async () => {
    const to = encodeURIComponent('/redirect?status=307&to=/hello')
    const answer = await fetcher().fetchBuffer(`${server.origin()}/redirect?status=301&to=${to}`)
    expect(answer.text()).toBe('hello')
    expect(answer.url).toBe(`${server.origin()}/hello`)
  })

  it('drops credentials on a redirect to another origin', async () => {
    const f = fetcher({ allowHosts: ['127.0.0.1', 'localhost'] })
    const to = encodeURIComponent(`${server.origin('localhost')}/hello`)
    await f.fetchBuffer(`${server.origin()}/redirect?to=${to}`, {
      headers: { authorization: 'Bearer secret', 'x-trace': '1' },
    })
    const [first, second] = server.requests.slice(-2)
    expect(first?.headers.authorization).toBe('Bearer secret')
    expect(second?.headers.authorization).toBeUndefined()
    expect(second?.headers['x-trace']).toBe('1')
  })

  it('surfaces a non-2xx answer as a typed error carrying the status', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/missing`))
    expect(err).toBeInstanceOf(FetchStatusError)
    expect((err as FetchStatusError).status).toBe(404)
    expect(err.userMessage).toBe('The remote server answered with status 404')
  })

  it('gives up on a redirect loop', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/loop`))
    expect((err as FetchFailedError).reason).toBe('too-many-redirects')
  })
})

describe('blocked addresses', () => {
  it('refuses a loopback URL that is not allowlisted, without sending anything', async () => {
    const before = server.requests.length
    const err = await failure(fetcher({ allowHosts: [] }).fetchBuffer(`${server.origin()}/hello`))
    expect(err).toBeInstanceOf(FetchBlockedError)
    expect((err as FetchBlockedError).reason).toBe('address')
    expect(err.userMessage).not.toContain('127.0.0.1')
    expect(server.requests.length).toBe(before)
  })

  it('refuses a redirect from an allowed host to a loopback address that is not allowlisted', async () => {
    const f = fetcher({ allowHosts: ['localhost'] })
    const targets = [
      `${secondLoopback.origin()}/hello`,
      'http://169.254.169.254/latest/meta-data/',
      `http://0x7f.1:${server.port}/hello`,
    ]
    if (ipv6Loopback) targets.push(`${ipv6Loopback.origin()}/hello`)
    for (const target of targets) {
      const err = await failure(
        f.fetchBuffer(`${server.origin('localhost')}/redirect?to=${encodeURIComponent(target)}`),
      )
      expect(err).toBeInstanceOf(FetchBlockedError)
      expect(err.url).toBe(new URL(target).href)
    }
    expect(secondLoopback.requests).toHaveLength(0)
    expect(ipv6Loopback?.requests ?? []).toHaveLength(0)
  })

  it('refuses literal loopback addresses in every notation Node accepts', async () => {
    const f = fetcher({ allowHosts: ['localhost'] })
    const before = server.requests.length
    const p = server.port
    for (const url of [
      `http://127.0.0.1:${p}/hello`,
      `http://2130706433:${p}/hello`,
      `http://0x7f.1:${p}/hello`,
      `http://0177.0.0.1:${p}/hello`,
      `http://127.1:${p}/hello`,
      `http://[::ffff:127.0.0.1]:${p}/hello`,
      `http://[::ffff:7f00:1]:${p}/hello`,
      `http://0.0.0.0:${p}/hello`,
    ]) {
      expect(await failure(f.fetchBuffer(url)), url).toBeInstanceOf(FetchBlockedError)
    }
    expect(server.requests.length).toBe(before)
  })

  it('checks the address a host name resolves to at connect time', async () => {
    const resolve = async (hostname: string) =>
      hostname === 'covers.example'
        ? [{ address: '127.0.0.1', family: 4 }]
        : hostname === 'mixed.example'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '127.0.0.1', family: 4 },
            ]
          : []
    const url = (host: string) => `http://${host}:${server.port}/hello`
    const before = server.requests.length
    const guarded = fetcher({ allowHosts: [], resolve })
    expect(await failure(guarded.fetchBuffer(url('covers.example')))).toBeInstanceOf(FetchBlockedError)
    expect(await failure(guarded.fetchBuffer(url('mixed.example')))).toBeInstanceOf(FetchBlockedError)
    expect(server.requests.length).toBe(before)
    // The socket connects to what that same lookup returned: the name exists nowhere but in this resolver.
    expect(await fetcher({ allowHosts: ['covers.example'], resolve }).fetchText(url('covers.example'))).toBe(
      'hello',
    )
  })

  it('guards the https agent too (refused at lookup, before any TLS)', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }]
    const err = await failure(
      fetcher({ allowHosts: [], resolve }).fetchBuffer(`https://secure.example:${server.port}/`),
    )
    expect(err).toBeInstanceOf(FetchBlockedError)
  })

  it('refuses localhost through real name resolution unless allowlisted', async () => {
    const err = await failure(
      fetcher({ allowHosts: ['127.0.0.1'] }).fetchBuffer(`${server.origin('localhost')}/hello`),
    )
    expect(err).toBeInstanceOf(FetchBlockedError)
    expect(
      await fetcher({ allowHosts: ['LOCALHOST'] }).fetchText(`${server.origin('localhost')}/hello`),
    ).toBe('hello')
  })
})

describe('schemes', () => {
  it.each(['file:///etc/passwd', 'ftp://127.0.0.1/a', 'data:text/plain,hi', 'gopher://127.0.0.1:70/_x'])(
    'refuses %s',
    async (url) => {
      const err = await failure(fetcher().fetchBuffer(url))
      expect(err).toBeInstanceOf(FetchBlockedError)
      expect(err.userMessage).toBe('Only http and https URLs can be fetched')
    },
  )

  it('refuses a redirect to another scheme', async () => {
    const err = await failure(
      fetcher().fetchBuffer(`${server.origin()}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`),
    )
    expect((err as FetchBlockedError).reason).toBe('scheme')
  })

  it('refuses a URL it cannot parse with a typed error', async () => {
    expect(((await failure(fetcher().fetchBuffer('http://'))) as FetchFailedError).reason).toBe('invalid-url')
  })
})

describe('caps', () => {
  it('stops a 20 MB body at the 10 MB cap and lets go of the socket', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/huge`))
    expect((err as FetchFailedError).reason).toBe('too-large')
    expect(err.userMessage).toBe('The remote file is too large')
    await waitForNoConnections(server)
  })

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/huge-declared`, { maxBytes: MB }))
    expect((err as FetchFailedError).reason).toBe('too-large')
    await waitForNoConnections(server)
  })

  it('ends a body that stalls', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/stall-body`, { stallTimeoutMs: 200 }))
    expect((err as FetchFailedError).reason).toBe('stalled')
    await waitForNoConnections(server)
  })

  it('ends a server that never answers at the total time cap', async () => {
    const started = Date.now()
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/stall-headers`, { timeoutMs: 300 }))
    expect((err as FetchFailedError).reason).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(15_000) // the server never answers: without the cap, never
    await waitForNoConnections(server)
  })

  it('ends a body that keeps trickling past the total time cap', async () => {
    const err = await failure(fetcher().fetchBuffer(`${server.origin()}/trickle`, { timeoutMs: 600 }))
    expect((err as FetchFailedError).reason).toBe('timeout')
    await waitForNoConnections(server)
  })

  it('stops when the caller aborts', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const err = await failure(
      fetcher().fetchBuffer(`${server.origin()}/trickle`, { signal: controller.signal }),
    )
    expect((err as FetchFailedError).reason).toBe('aborted')
    await waitForNoConnections(server)
  })
})

describe('content checks', () => {
  it('accepts an image by its Content-Type and its first bytes', async () => {
    const f = fetcher()
    const jpeg = await f.fetchImage(`${server.origin()}/cover.jpg`)
    expect(jpeg.imageType).toBe('image/jpeg')
    expect(jpeg.body.equals(jpegBytes)).toBe(true)
    // A PNG the server calls a JPEG is still an image: the bytes say what it is.
    expect((await f.fetchImage(`${server.origin()}/png-labelled-jpeg`)).imageType).toBe('image/png')
  })

  it('refuses what claims to be an image but is not, and image types we do not take', async () => {
    const f = fetcher()
    for (const route of ['/html-labelled-jpeg', '/svg', '/hello']) {
      const err = await failure(f.fetchImage(`${server.origin()}${route}`))
      expect((err as FetchFailedError).reason, route).toBe('content-type')
    }
  })

  it('checks declared types for any fetch that names them', async () => {
    const f = fetcher()
    expect(await f.fetchText(`${server.origin()}/json`, { accept: ['application/json'] })).toContain('Dune')
    const err = await failure(
      f.fetchText(`${server.origin()}/hello`, { accept: ['application/rss+xml', 'text/xml'] }),
    )
    expect((err as FetchFailedError).reason).toBe('content-type')
  })
})

describe('streamed downloads', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-net-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('streams to a file', async () => {
    const target = path.join(dir, 'episode.mp3')
    const answer = await fetcher().fetchToFile(`${server.origin()}/episode.mp3`, target, {
      accept: ['audio/*'],
    })
    expect(answer.bytes).toBe(64 * 1024)
    expect(fs.statSync(target).size).toBe(64 * 1024)
  })

  it('enforces the cap while streaming and leaves no file behind', async () => {
    const target = path.join(dir, 'huge.bin')
    const err = await failure(fetcher().fetchToFile(`${server.origin()}/huge`, target, { maxBytes: 2 * MB }))
    expect((err as FetchFailedError).reason).toBe('too-large')
    expect(fs.readdirSync(dir)).toEqual(['episode.mp3'])
    await waitForNoConnections(server)
  })

  it('leaves no file when the very first chunk passes the cap', async () => {
    const err = await failure(
      fetcher().fetchToFile(`${server.origin()}/huge`, path.join(dir, 'tiny.bin'), { maxBytes: 10 }),
    )
    expect((err as FetchFailedError).reason).toBe('too-large')
    expect(fs.readdirSync(dir)).toEqual(['episode.mp3'])
  })

  it('streams into a caller stream and destroys it when the fetch fails', async () => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk)
        done()
      },
    })
    const answer = await fetcher().fetchToStream(`${server.origin()}/episode.mp3`, sink)
    expect(answer.bytes).toBe(64 * 1024)
    expect(Buffer.concat(chunks).length).toBe(64 * 1024)
    const refused = new Writable({ write: (_c, _e, done) => done() })
    await failure(fetcher().fetchToStream(`${server.origin()}/missing`, refused))
    expect(refused.destroyed).toBe(true)
  })

  it('applies the address guard to downloads too', async () => {
    const err = await failure(
      fetcher({ allowHosts: [] }).fetchToFile(`${server.origin()}/episode.mp3`, path.join(dir, 'x.mp3')),
    )
    expect(err).toBeInstanceOf(FetchBlockedError)
    expect(fs.readdirSync(dir)).toEqual(['episode.mp3'])
  })
})
