import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalHttpServer, type LocalHttpServer } from '../../test-support/local-http-server.ts'
import { createInitialisedApp, type TestApp } from '../../test-support/test-app.ts'

const githubReleases = [
  {
    tag_name: 'v2.4.0-beta.1',
    name: 'Beta',
    published_at: '2026-03-01T10:00:00Z',
    body: 'beta notes',
    html_url: 'https://example.test/releases/tag/v2.4.0-beta.1',
    prerelease: true,
  },
  {
    tag_name: 'v2.3.1',
    name: 'v2.3.1',
    published_at: '2026-02-01T10:00:00Z',
    body: '- Fixed a bug',
    html_url: 'https://example.test/releases/tag/v2.3.1',
  },
  { tag_name: 'nightly', name: 'Nightly', published_at: '2026-02-02T00:00:00Z', body: 'x' },
  { tag_name: 'v2.3', name: 'Short tag', body: 'x' },
  { tag_name: 'v2.3.0', name: '', published_at: null, body: null },
  { tag_name: 'v9.9.9', draft: true, name: 'Draft' },
]

interface Answer {
  enabled: boolean
  releases: { name: string; version: string; preRelease: string | null; changelog: string }[]
}

describe('GET /api/releases: the update check reads releases through the server, cached 5 minutes', () => {
  let source: LocalHttpServer
  let failing = false

  beforeAll(async () => {
    source = await startLocalHttpServer((_req, res) => {
      if (failing) {
        res.writeHead(503).end()
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(githubReleases))
    })
  })
  afterAll(() => source.close())

  const appFor = (url: string) =>
    createInitialisedApp({ env: { RELEASES_URL: url, SSRF_REQUEST_FILTER_WHITELIST: '127.0.0.1' } })

  const releasesOf = async (t: TestApp, token: string) => {
    const res = await t.call('GET', '/api/releases', token)
    expect(res.statusCode).toBe(200)
    return res.json<Answer>()
  }

  it('answers v + semver releases only, skips other tags with a warning, and calls out once per 5 minutes', async () => {
    const { t, root } = await appFor(`${source.origin()}/releases`)
    try {
      const before = source.requests.length
      const [first, second] = await Promise.all([
        releasesOf(t, root.accessToken),
        releasesOf(t, root.accessToken),
      ])
      const third = await releasesOf(t, root.accessToken)
      expect(source.requests.length - before).toBe(1)
      expect(second).toEqual(first)
      expect(third).toEqual(first)
      expect(first.enabled).toBe(true)
      expect(first.releases.map((r) => r.version)).toEqual(['2.4.0-beta.1', '2.3.1', '2.3.0'])
      expect(first.releases[0]).toMatchObject({ major: 2, minor: 4, patch: 0, preRelease: 'beta.1' })
      expect(first.releases[2]).toMatchObject({ name: 'v2.3.0', changelog: '', pubdate: null })
      const warnings = t.logs.lines().filter((l) => l.msg === 'release skipped: tag is not v + semver')
      expect(warnings).toHaveLength(2)

      t.clock.advance(5 * 60_000 + 1)
      await releasesOf(t, root.accessToken)
      expect(source.requests.length - before).toBe(2)
    } finally {
      await t.close()
    }
  })

  it('offline: an empty list for users, logged once until the source answers again', async () => {
    const { t, root } = await appFor(`${source.origin()}/releases`)
    failing = true
    try {
      const failed = 'update check failed: releases could not be read'
      expect(await releasesOf(t, root.accessToken)).toEqual({ enabled: true, releases: [] })
      t.clock.advance(5 * 60_000 + 1)
      expect(await releasesOf(t, root.accessToken)).toEqual({ enabled: true, releases: [] })
      expect(t.logs.lines().filter((l) => l.msg === failed)).toHaveLength(1)
      failing = false
      t.clock.advance(5 * 60_000 + 1)
      expect((await releasesOf(t, root.accessToken)).releases).toHaveLength(3)
      expect(t.logs.lines().filter((l) => l.msg === 'releases source reachable again')).toHaveLength(1)
    } finally {
      failing = false
      await t.close()
    }
  })

  it('an empty RELEASES_URL switches the check off: no outward call', async () => {
    const { t, root } = await appFor('')
    try {
      const before = source.requests.length
      expect(await releasesOf(t, root.accessToken)).toEqual({ enabled: false, releases: [] })
      expect(source.requests.length).toBe(before)
    } finally {
      await t.close()
    }
  })

  it('needs a signed-in user', async () => {
    const { t } = await appFor(`${source.origin()}/releases`)
    try {
      expect((await t.inject({ method: 'GET', url: '/api/releases' })).statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })
})
