import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.ts'

/**
 * A protocol-true podcast host on 127.0.0.1 (reached as "localhost", which tests allow through the guarded
 * fetcher): RSS 2.0 feeds with itunes:/podcast: tags, real mp3 enclosures with byte ranges, covers, a fake
 * iTunes Search API, and the feeds a hostile or broken host serves. Plain Node (no vitest), so Playwright
 * specs start it too.
 *
 * Server env for it: `fakePodcastHost.env` = { SSRF_REQUEST_FILTER_WHITELIST: 'localhost',
 * METADATA_PROVIDER_ORIGINS: '{"itunes":"<origin>/itunes"}' }.
 */

/** How an episode's enclosure answers: the mp3, headers and a few bytes then silence, or a 404. */
export type FakeEnclosureMode = 'ok' | 'stall' | 'missing'

export interface FakeEpisodeInput {
  title?: string
  guid?: string
  description?: string
  /** Defaults to one day after the newest episode (2024-01-01 for the first). */
  publishedAt?: number
  season?: string
  episode?: string
  episodeType?: 'full' | 'trailer' | 'bonus'
  durationSec?: number
  enclosure?: FakeEnclosureMode
}

export interface FakeEpisode {
  /** 1-based, in publishing order; the audio path's number. */
  n: number
  title: string
  guid: string
  description: string
  publishedAt: number
  season: string | null
  episode: string | null
  episodeType: 'full' | 'trailer' | 'bonus'
  durationSec: number
  enclosure: FakeEnclosureMode
  /** The enclosure URL as the feed lists it. */
  audioUrl: string
}

export interface FakePodcastInput {
  slug: string
  title?: string
  author?: string
  description?: string
  language?: string
  explicit?: boolean
  type?: 'episodic' | 'serial'
  genres?: string[]
  /** iTunes collection id; derived from the slug when not given. */
  itunesId?: number
  /** A number makes that many generated episodes. */
  episodes?: number | FakeEpisodeInput[]
}

export interface FakePodcast {
  slug: string
  title: string
  author: string
  description: string
  language: string
  explicit: boolean
  type: 'episodic' | 'serial'
  genres: string[]
  itunesId: number
  itunesArtistId: number
  /** Oldest first (the feed lists them newest first). */
  episodes: FakeEpisode[]
  feedUrl: string
  coverUrl: string
}

/** The bad inputs a feed URL can lead to (each at `/bad/<mode>.xml`). */
export const BAD_FEEDS = [
  'not-xml',
  'endless',
  'billion-laughs',
  'external-entity',
  'redirect-private',
  'no-items',
  'duplicate-guids',
  'stalled-enclosure',
  'missing-enclosure',
] as const
export type BadFeed = (typeof BAD_FEEDS)[number]

export interface FakePodcastHost {
  server: LocalHttpServer
  /** `http://localhost:<port>`. */
  origin: string
  /** The iTunes origin for METADATA_PROVIDER_ORIGINS / provider options (`<origin>/itunes`). */
  itunesOrigin: string
  /** Env the Shelfcast server needs to reach this host (allowlist + iTunes origin). */
  env: { SSRF_REQUEST_FILTER_WHITELIST: string; METADATA_PROVIDER_ORIGINS: string }
  /** The mp3 every ok enclosure serves (mono, 3 s). */
  audio: Buffer
  /** The JPEG every cover URL serves. */
  cover: Buffer
  addPodcast(input: FakePodcastInput): FakePodcast
  podcast(slug: string): FakePodcast
  /** Publishes a new (newest) episode on a podcast's feed at runtime. */
  publish(slug: string, episode?: FakeEpisodeInput): FakeEpisode
  feedUrl(slug: string): string
  badFeedUrl(mode: BadFeed): string
  /** Requests seen for exactly this path (no query). */
  requestCount(path: string): number
  /** Requests seen on paths starting with `prefix`. */
  requestsTo(prefix: string): { url: URL; headers: http.IncomingHttpHeaders }[]
  close(): Promise<void>
}

const DAY = 86_400_000
const FIRST_DATE = Date.UTC(2024, 0, 1, 9)
const PRIVATE_TARGET = 'http://10.0.0.1/x'

/** Episode inputs for a generated feed (e.g. a 5,000-episode bench): titles "Episode 1..n", a day apart. */
export function generateEpisodes(count: number, start = 1): FakeEpisodeInput[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Episode ${start + i}`,
    guid: `ep-${start + i}`,
    publishedAt: FIRST_DATE + (start + i - 1) * DAY,
    episode: String(start + i),
  }))
}

export const xmlEscape = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

let sharedAudio: Promise<Buffer> | null = null
/** One tiny real mp3 per process (ffmpeg runs once). */
function tinyMp3(): Promise<Buffer> {
  sharedAudio ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fake-podcast-audio-'))
    try {
      const path = join(dir, 'episode.mp3')
      await makeAudio({
        path,
        durationSec: 3,
        channels: 1,
        tags: { title: 'Fake episode', artist: 'Fake Host' },
      })
      return await readFile(path)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })()
  return sharedAudio
}

function hashOf(s: string): number {
  let h = 7
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) % 1_000_000_007
  return h
}

const rssOpen = (channel: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
${channel}`
const rssClose = '</channel>\n</rss>\n'

export async function startFakePodcastHost(
  options: { podcasts?: FakePodcastInput[] } = {},
): Promise<FakePodcastHost> {
  const [audio, cover] = await Promise.all([
    tinyMp3(),
    sharp({ create: { width: 60, height: 60, channels: 3, background: '#225588' } })
      .jpeg()
      .toBuffer(),
  ])
  const podcasts = new Map<string, FakePodcast>()
  let origin = ''

  const itemXml = (p: FakePodcast, e: FakeEpisode, guid = e.guid) => `<item>
  <title>${xmlEscape(e.title)}</title>
  <guid isPermaLink="false">${xmlEscape(guid)}</guid>
  <description>${xmlEscape(e.description)}</description>
  <pubDate>${new Date(e.publishedAt).toUTCString()}</pubDate>
  <enclosure url="${xmlEscape(e.audioUrl)}" type="audio/mpeg" length="${audio.length}"/>
  <itunes:duration>${e.durationSec}</itunes:duration>
  <itunes:episodeType>${e.episodeType}</itunes:episodeType>${e.season ? `\n  <itunes:season>${e.season}</itunes:season>` : ''}${e.episode ? `\n  <itunes:episode>${e.episode}</itunes:episode>` : ''}
  <itunes:explicit>${p.explicit ? 'yes' : 'no'}</itunes:explicit>
</item>`

  const channelXml = (p: FakePodcast) => `<title>${xmlEscape(p.title)}</title>
<link>${origin}/shows/${p.slug}</link>
<description>${xmlEscape(p.description)}</description>
<language>${p.language}</language>
<itunes:author>${xmlEscape(p.author)}</itunes:author>
<itunes:image href="${p.coverUrl}"/>
<itunes:explicit>${p.explicit ? 'yes' : 'no'}</itunes:explicit>
<itunes:type>${p.type}</itunes:type>
${p.genres.map((g) => `<itunes:category text="${xmlEscape(g)}"/>`).join('\n')}
<podcast:guid>${p.slug}</podcast:guid>
`

  const feedXml = (p: FakePodcast, item = (e: FakeEpisode) => itemXml(p, e)) =>
    rssOpen(channelXml(p)) + [...p.episodes].reverse().map(item).join('\n') + rssClose

  function toEpisode(p: FakePodcast, input: FakeEpisodeInput): FakeEpisode {
    const n = p.episodes.length + 1
    const newest = p.episodes.at(-1)?.publishedAt
    const mode = input.enclosure ?? 'ok'
    const dir = mode === 'ok' ? 'audio' : mode
    return {
      n,
      title: input.title ?? `${p.title} episode ${n}`,
      guid: input.guid ?? `${p.slug}-${n}`,
      description: input.description ?? `<p>Notes for episode ${n} of ${p.title}.</p>`,
      publishedAt: input.publishedAt ?? (newest === undefined ? FIRST_DATE : newest + DAY),
      season: input.season ?? null,
      episode: input.episode ?? String(n),
      episodeType: input.episodeType ?? 'full',
      durationSec: input.durationSec ?? 3,
      enclosure: mode,
      audioUrl: `${origin}/${dir}/${p.slug}/${n}.mp3`,
    }
  }

  function addPodcast(input: FakePodcastInput): FakePodcast {
    if (!/^[a-z0-9-]+$/.test(input.slug))
      throw new Error(`fake podcast slug must be [a-z0-9-]: ${input.slug}`)
    const title = input.title ?? input.slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
    const p: FakePodcast = {
      slug: input.slug,
      title,
      author: input.author ?? `${title} Host`,
      description: input.description ?? `All about ${title}.`,
      language: input.language ?? 'en',
      explicit: input.explicit ?? false,
      type: input.type ?? 'episodic',
      genres: input.genres ?? ['Arts', 'Books'],
      itunesId: input.itunesId ?? 1_000_000 + (hashOf(input.slug) % 9_000_000),
      itunesArtistId: 500 + (hashOf(input.slug) % 1000),
      episodes: [],
      feedUrl: `${origin}/feeds/${input.slug}.xml`,
      coverUrl: `${origin}/covers/${input.slug}.jpg`,
    }
    podcasts.set(p.slug, p)
    const episodes =
      typeof input.episodes === 'number' ? generateEpisodes(input.episodes) : (input.episodes ?? [])
    for (const e of episodes) p.episodes.push(toEpisode(p, e))
    return p
  }

  function podcast(slug: string): FakePodcast {
    const p = podcasts.get(slug)
    if (!p) throw new Error(`no fake podcast ${slug}`)
    return p
  }

  function itunesSearch(url: URL) {
    const term = (url.searchParams.get('term') ?? '').toLowerCase().trim()
    const words = term.split(/\s+/).filter(Boolean)
    const hits = [...podcasts.values()].filter((p) => {
      const hay = `${p.title} ${p.author}`.toLowerCase()
      return words.length > 0 && words.every((w) => hay.includes(w))
    })
    return {
      resultCount: hits.length,
      results: hits.map((p) => ({
        wrapperType: 'track',
        kind: 'podcast',
        collectionId: p.itunesId,
        trackId: p.itunesId,
        artistId: p.itunesArtistId,
        collectionName: p.title,
        trackName: p.title,
        artistName: p.author,
        collectionViewUrl: `${origin}/itunes/podcast/id${p.itunesId}`,
        feedUrl: p.feedUrl,
        artworkUrl30: p.coverUrl,
        artworkUrl60: p.coverUrl,
        artworkUrl100: p.coverUrl,
        artworkUrl600: p.coverUrl,
        releaseDate: new Date(p.episodes.at(-1)?.publishedAt ?? FIRST_DATE).toISOString(),
        trackCount: p.episodes.length,
        country: (url.searchParams.get('country') ?? 'US').toUpperCase(),
        primaryGenreName: p.genres[0] ?? 'Podcasts',
        genres: [...p.genres, 'Podcasts'],
        collectionExplicitness: p.explicit ? 'explicit' : 'notExplicit',
      })),
    }
  }

  /** Serves `body` honouring a single `Range: bytes=a-b` (206/416), as real hosts and CDNs do. */
  function sendBytes(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, type: string) {
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
    res.setHeader('Accept-Ranges', 'bytes')
    res.setHeader('Content-Type', type)
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]))
      const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1
      if (start >= body.length || start > end) {
        res.writeHead(416, { 'Content-Range': `bytes */${body.length}` }).end()
        return
      }
      res.writeHead(206, {
        'Content-Range': `bytes ${start}-${end}/${body.length}`,
        'Content-Length': end - start + 1,
      })
      res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1))
      return
    }
    res.writeHead(200, { 'Content-Length': body.length })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  /** An RSS prefix then items forever, until the client gives up (a "2 GB" feed). */
  function streamEndless(res: http.ServerResponse) {
    res.writeHead(200, { 'Content-Type': 'application/rss+xml' })
    res.write(rssOpen('<title>Endless</title>\n'))
    const chunk = Buffer.from(
      '<item><title>More</title><guid>x</guid><enclosure url="http://localhost/x.mp3"/></item>\n'.repeat(700),
    )
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) {
        /* keep writing until the socket pushes back */
      }
    }
    res.on('drain', pump)
    pump()
  }

  function badFeed(mode: BadFeed, _req: http.IncomingMessage, res: http.ServerResponse) {
    const demo = podcasts.get('bad-demo') ?? addPodcast({ slug: 'bad-demo', title: 'Bad Demo', episodes: 1 })
    const xml = (body: string) => {
      res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' }).end(body)
    }
    const oneItem = '<item><title>x</title><guid>g</guid><enclosure url="http://localhost/g.mp3"/></item>'
    switch (mode) {
      case 'not-xml':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><p>Not a feed<br></body>')
        return
      case 'endless':
        streamEndless(res)
        return
      case 'billion-laughs':
        xml(`<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>
<rss version="2.0"><channel><title>&lol9;</title>${oneItem}</channel></rss>`)
        return
      case 'external-entity':
        xml(`<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>&xxe;</title>${oneItem}</channel></rss>`)
        return
      case 'redirect-private':
        res.writeHead(302, { Location: PRIVATE_TARGET }).end()
        return
      case 'no-items':
        xml(feedXml({ ...demo, title: 'No Items', episodes: [] }))
        return
      case 'duplicate-guids':
        xml(feedXml({ ...demo, title: 'Duplicate Guids', episodes: [...demo.episodes, ...demo.episodes] }))
        return
      case 'stalled-enclosure':
      case 'missing-enclosure': {
        const enclosure = mode === 'stalled-enclosure' ? 'stall' : 'missing'
        const e = { ...toEpisode(demo, { enclosure, guid: `bad-${enclosure}` }), n: 1 }
        e.audioUrl = `${origin}/${enclosure}/${demo.slug}/1.mp3`
        xml(feedXml({ ...demo, title: `Bad ${enclosure}`, episodes: [e] }))
        return
      }
    }
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', origin)
    const path = url.pathname
    let m: RegExpExecArray | null
    if (path === '/itunes/search') {
      res
        .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
        .end(JSON.stringify(itunesSearch(url)))
    } else if ((m = /^\/feeds\/([a-z0-9-]+)\.xml$/.exec(path)) && podcasts.has(m[1] ?? '')) {
      res
        .writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' })
        .end(feedXml(podcast(m[1] ?? '')))
    } else if (
      (m = /^\/bad\/([a-z-]+)\.xml$/.exec(path)) &&
      (BAD_FEEDS as readonly string[]).includes(m[1] ?? '')
    ) {
      badFeed(m[1] as BadFeed, req, res)
    } else if ((m = /^\/covers\/([a-z0-9-]+)\.jpg$/.exec(path)) && podcasts.has(m[1] ?? '')) {
      sendBytes(req, res, cover, 'image/jpeg')
    } else if ((m = /^\/audio\/([a-z0-9-]+)\/(\d+)\.mp3$/.exec(path)) && podcasts.has(m[1] ?? '')) {
      sendBytes(req, res, audio, 'audio/mpeg')
    } else if (/^\/stall\/[a-z0-9-]+\/\d+\.mp3$/.test(path)) {
      // Headers promise the whole file, a few bytes arrive, then nothing until the client gives up.
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': audio.length })
      res.write(audio.subarray(0, 64))
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
    }
  }

  const server = await startLocalHttpServer(handle)
  origin = server.origin('localhost')
  for (const p of options.podcasts ?? []) addPodcast(p)
  const itunesOrigin = `${origin}/itunes`

  return {
    server,
    origin,
    itunesOrigin,
    env: {
      SSRF_REQUEST_FILTER_WHITELIST: 'localhost',
      METADATA_PROVIDER_ORIGINS: JSON.stringify({ itunes: itunesOrigin }),
    },
    audio,
    cover,
    addPodcast,
    podcast,
    publish: (slug, episode = {}) => {
      const p = podcast(slug)
      const e = toEpisode(p, episode)
      p.episodes.push(e)
      return e
    },
    feedUrl: (slug) => `${origin}/feeds/${slug}.xml`,
    badFeedUrl: (mode) => `${origin}/bad/${mode}.xml`,
    requestCount: (path) => server.requests.filter((r) => new URL(r.url, origin).pathname === path).length,
    requestsTo: (prefix) =>
      server.requests
        .filter((r) => r.url.startsWith(prefix))
        .map((r) => ({ url: new URL(r.url, origin), headers: r.headers })),
    close: () => server.close(),
  }
}
