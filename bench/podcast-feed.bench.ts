// Podcast feed and download benchmark: `npm run bench:podcasts` (BENCH_EPISODES=5000, BENCH_DOWNLOADS=20,
// BENCH_RUNS=5, BENCH_EPISODE_MINUTES=10).
// The real app (buildApp, SQLite file) with the fake podcast host on loopback:
// 1. checknew of a podcast whose feed lists 5,000 episodes and which already has 5,000 episodes, with its last
//    check set to the distant past so every feed entry is diffed against the known guids (server time of fetch,
//    parse, diff, through GET /api/podcasts/:id/checknew);
// 2. 20 episodes of a ~10 MB mp3 each queued at once: elapsed until all are downloaded, tagged and scanned in, the
//    most downloads seen running at once, and the process's peak RSS (downloads stream; memory must stay flat).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FeedEpisode } from '@shelfcast/contracts'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { PodcastItemsRepository } from '../apps/server/src/modules/podcast-downloads/podcast-items.repository.ts'
import { startFakePodcastHost } from '../apps/server/src/test-support/fake-podcast-host.ts'
import { startLocalHttpServer } from '../apps/server/src/test-support/local-http-server.ts'
import { makeAudio } from '../scripts/media/index.ts'

const EPISODES = Number(process.env.BENCH_EPISODES ?? 5000)
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 20)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const EPISODE_MINUTES = Number(process.env.BENCH_EPISODE_MINUTES ?? 10)
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-podcasts-'))
  const root = path.join(dir, 'podcasts')
  const host = await startFakePodcastHost({
    podcasts: [{ slug: 'big', title: 'Big Show', episodes: EPISODES }],
  })
  // A long episode served from disk by a plain loopback server (the fake host's episodes are 3 s).
  const bigMp3 = await makeAudio({
    path: path.join(dir, 'work', 'long.mp3'),
    durationSec: EPISODE_MINUTES * 60,
    bitrateKbps: 128,
    sampleRate: 44100,
  })
  const bigSize = fs.statSync(bigMp3).size
  const fileServer = await startLocalHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': bigSize })
    fs.createReadStream(bigMp3).pipe(res)
  })
  for (const [folder, feedUrl] of [
    ['Big Show', host.feedUrl('big')],
    ['Download Show', host.feedUrl('big')],
  ] as const) {
    fs.mkdirSync(path.join(root, folder), { recursive: true })
    fs.writeFileSync(path.join(root, folder, 'metadata.json'), JSON.stringify({ title: folder, feedUrl }))
  }

  const config = loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'none'),
    HOST: '127.0.0.1',
    SSRF_REQUEST_FILTER_WHITELIST: 'localhost',
  })
  const { app, ctx } = await buildApp({ config, logger: silentLogger() })
  try {
    const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
      const t = performance.now()
      const res = await app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      const ms = performance.now() - t
      if (res.statusCode !== 200)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return {
        ms,
        body: (res.headers['content-type']?.toString().includes('json') ? res.json<T>() : null) as T,
      }
    }
    await call('POST', '/init', null, { newRoot: { username: 'bench', password: 'bench-password' } })
    const login = await call<{ user: { accessToken: string } }>('POST', '/login', null, {
      username: 'bench',
      password: 'bench-password',
    })
    const token = login.body.user.accessToken
    const library = await ctx.libraries.create({
      name: 'Podcasts',
      folders: [{ fullPath: root }],
      mediaType: 'podcast',
      icon: 'podcast',
      provider: 'itunes',
      settings: { disableWatcher: true },
    })
    await (
      await ctx.scanner.scans.scanLibrary(library.id)
    ).done
    const itemId = (folder: string) =>
      (
        ctx.database.sqlite.prepare('SELECT id FROM library_items WHERE rel_path = ?').get(folder) as {
          id: string
        }
      ).id
    const big = itemId('Big Show')
    const downloadShow = itemId('Download Show')

    // 1. The 5,000 episodes the podcast already has: the feed's own guids, as if downloaded before. Without
    //    publication times "new" starts at the last check, set to the distant past below.
    const insert = ctx.database.sqlite.prepare(
      `INSERT INTO podcast_episodes (id, library_item_id, episode_index, season, episode, episode_type, title, subtitle,
        description, enclosure, guid, pub_date, published_at, chapters, audio_file, duration, size, added_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, 'full', ?, NULL, NULL, ?, ?, ?, NULL, '[]', NULL, 3, 0, ?, ?)`,
    )
    ctx.database.sqlite.transaction(() => {
      for (const e of host.podcast('big').episodes) {
        insert.run(
          `ep-row-${e.n}`,
          big,
          e.n,
          String(e.n),
          e.title,
          JSON.stringify({ url: e.audioUrl, type: 'audio/mpeg', length: null }),
          e.guid,
          new Date(e.publishedAt).toUTCString(),
          Date.now(),
          Date.now(),
        )
      }
    })()
    const repo = new PodcastItemsRepository(ctx.database.db)
    const checks: number[] = []
    let found = -1
    for (let i = 0; i < RUNS; i++) {
      // Every feed entry passes the date test and is looked up among the known episodes: the worst case.
      await repo.setLastEpisodeCheck(big, 1)
      const res = await call<{ episodes: FeedEpisode[] }>(
        'GET',
        `/api/podcasts/${big}/checknew?limit=0`,
        token,
      )
      checks.push(res.ms)
      found = res.body.episodes.length
    }

    // 2. Twenty long episodes queued at once.
    const episodes: FeedEpisode[] = Array.from({ length: DOWNLOADS }, (_, i) => ({
      guid: `long-${i + 1}`,
      title: `Long episode ${i + 1}`,
      subtitle: null,
      description: 'A long episode for the benchmark.',
      descriptionPlain: 'A long episode for the benchmark.',
      pubDate: null,
      publishedAt: Date.UTC(2025, 0, i + 1),
      season: null,
      episode: String(i + 1),
      episodeType: 'full',
      explicit: false,
      duration: EPISODE_MINUTES * 60,
      enclosure: {
        url: `${fileServer.origin('localhost')}/long/${i + 1}.mp3`,
        type: 'audio/mpeg',
        length: String(bigSize),
      },
      chaptersUrl: null,
      transcriptUrl: null,
    }))
    const rssBefore = process.memoryUsage().rss
    let peakRss = rssBefore
    let peakRunning = 0
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
      peakRunning = Math.max(
        peakRunning,
        ctx.podcastDownloads.queueOf({ libraryItemId: downloadShow }).currentDownloads.length,
      )
    }, 20)
    const t0 = performance.now()
    await call('POST', `/api/podcasts/${downloadShow}/download-episodes`, token, episodes)
    for (;;) {
      const q = ctx.podcastDownloads.queueOf({ libraryItemId: downloadShow })
      if (q.currentDownloads.length === 0 && q.queue.length === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const elapsed = performance.now() - t0
    clearInterval(sampler)
    const failed = ctx.tasks
      .list()
      .filter((x) => x.action === 'download-podcast-episode' && x.isFailed).length
    const files = fs.readdirSync(path.join(root, 'Download Show')).filter((n) => n.endsWith('.mp3')).length

    console.log('')
    console.log(
      `feed                    ${EPISODES} episodes (${found} new), podcast has ${EPISODES} episodes`,
    )
    console.log(
      `checknew (fetch+parse+diff) median ${median(checks).toFixed(0)} ms, runs ${checks.map((c) => c.toFixed(0)).join(', ')} ms`,
    )
    console.log(
      `downloads               ${DOWNLOADS} x ${mb(bigSize)} MB in ${(elapsed / 1000).toFixed(1)} s, ${files} files, ${failed} failed, at most ${peakRunning} at once`,
    )
    console.log(`RSS                     before downloads ${mb(rssBefore)} MB, peak during ${mb(peakRss)} MB`)
    console.log(
      `machine                 ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(1)}, node ${process.version}`,
    )
  } finally {
    await app.close()
    await fileServer.close()
    await host.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
