import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createGuardedFetcher, type GuardedFetcher } from '../../net/index.ts'
import { startLocalHttpServer, type LocalHttpServer } from '../../test-support/local-http-server.ts'
import { endpoint, MetadataFetchError, ProviderHttp } from './provider-http.ts'

interface Node {
  children?: Node[] | null
}
const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ children: z.array(NodeSchema).nullish() }))

describe('provider HTTP', () => {
  let server: LocalHttpServer
  let fetcher: GuardedFetcher
  const depth = 200_000
  beforeAll(async () => {
    const nested = '{"children":['.repeat(depth) + '{}' + ']}'.repeat(depth)
    server = await startLocalHttpServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(nested),
    )
    fetcher = createGuardedFetcher({ allowHosts: ['localhost'], userAgent: 'Shelfcast/test' })
  })
  afterAll(async () => {
    fetcher?.close()
    await server?.close()
  })

  it('turns an answer nested deep enough to exhaust a recursive schema into a 400, not a crash', async () => {
    const http = new ProviderHttp(fetcher, 2000)
    const err = await http.json(`${server.origin('localhost')}/deep`, NodeSchema).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MetadataFetchError)
    expect((err as MetadataFetchError).status).toBe(400)
  })

  it('joins endpoint paths onto a base that carries a path, and refuses a base that is no URL', () => {
    expect(endpoint('https://meta.example/provider/goodreads/', '/search', { query: 'a b' }).href).toBe(
      'https://meta.example/provider/goodreads/search?query=a+b',
    )
    expect(endpoint('https://api.audnex.us', 'books/B0/chapters').href).toBe(
      'https://api.audnex.us/books/B0/chapters',
    )
    expect(() => endpoint('not a url', 'x')).toThrow('Error fetching metadata: The provider URL is not valid')
  })
})
