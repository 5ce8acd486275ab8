import type { Release, ReleasesResponse } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Clock } from '../../clock.ts'
import type { GuardedFetcher } from '../../net/index.ts'

/** At most one outward call per this long, whatever the number of clients asking. */
export const releasesCacheMs = 5 * 60_000

/** The parts of a GitHub release we read; anything else in the answer is ignored. */
const GitHubRelease = z.object({
  tag_name: z.string(),
  name: z.string().nullish(),
  published_at: z.string().nullish(),
  body: z.string().nullish(),
  html_url: z.string().nullish(),
  draft: z.boolean().optional(),
})

// "v" + semver (2.0.0 §9 pre-release; build metadata allowed and ignored).
const tagPattern =
  /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/

/** A release from one GitHub release entry, or null (with the reason) when its tag is not v + semver. */
export function parseRelease(entry: unknown): Release | { skipped: string } {
  const shape = GitHubRelease.safeParse(entry)
  if (!shape.success) return { skipped: 'not a release entry' }
  const r = shape.data
  const match = tagPattern.exec(r.tag_name)
  if (!match) return { skipped: r.tag_name }
  const [, major, minor, patch, preRelease] = match
  return {
    name: r.name?.trim() || r.tag_name,
    version: r.tag_name.slice(1).replace(/\+.*$/, ''),
    major: Number(major),
    minor: Number(minor),
    patch: Number(patch),
    preRelease: preRelease ?? null,
    pubdate: r.published_at ?? null,
    changelog: r.body ?? '',
    url: r.html_url ?? null,
  }
}

interface ReleasesDeps {
  /** RELEASES_URL; null: the check is off and nothing is fetched. */
  url: string | null
  fetcher: GuardedFetcher
  clock: Clock
  log: Logger
}

/**
 * The releases list the web client's update check reads. The answer (or the failure, as an empty list) is kept
 * for five minutes and concurrent askers share one call; a failure is logged once until the source answers again.
 */
export class ReleasesService {
  private cached: { at: number; answer: ReleasesResponse } | null = null
  private pending: Promise<ReleasesResponse> | null = null
  private failing = false

  private readonly deps: ReleasesDeps

  constructor(deps: ReleasesDeps) {
    this.deps = deps
  }

  list(): Promise<ReleasesResponse> {
    if (this.deps.url === null) return Promise.resolve({ enabled: false, releases: [] })
    const now = this.deps.clock()
    if (this.cached && now - this.cached.at < releasesCacheMs) return Promise.resolve(this.cached.answer)
    this.pending ??= this.fetchReleases(this.deps.url).finally(() => {
      this.pending = null
    })
    return this.pending
  }

  private async fetchReleases(url: string): Promise<ReleasesResponse> {
    const releases: Release[] = []
    try {
      const body = await this.deps.fetcher.fetchJson(url, {
        timeoutMs: 10_000,
        maxBytes: 5 * 1024 * 1024,
        headers: { accept: 'application/vnd.github+json' },
      })
      if (!Array.isArray(body)) throw new Error('the releases answer is not a list')
      for (const entry of body) {
        if (entry && typeof entry === 'object' && (entry as { draft?: unknown }).draft === true) continue
        const parsed = parseRelease(entry)
        if ('skipped' in parsed)
          this.deps.log.warn({ tag: parsed.skipped }, 'release skipped: tag is not v + semver')
        else releases.push(parsed)
      }
      if (this.failing) this.deps.log.info('releases source reachable again')
      this.failing = false
    } catch (err) {
      // Offline servers are normal: no error for users, one log line until it works again.
      if (!this.failing) this.deps.log.warn({ err, url }, 'update check failed: releases could not be read')
      this.failing = true
    }
    const answer: ReleasesResponse = { enabled: true, releases }
    this.cached = { at: this.deps.clock(), answer }
    return answer
  }
}
