// Playback benchmark: `npm run bench:playback` (optionally BENCH_LISTENERS=300 BENCH_SECONDS=60 BENCH_SYNC_MS=10000).
// Starts a real server process on loopback with a generated library, then
//  1. BENCH_LISTENERS listeners (30 users x 10 devices) each open a direct-play session and sync every
//     BENCH_SYNC_MS over real HTTP for BENCH_SECONDS: p50/p99/max sync latency and the error count;
//  2. a 10-hour mp3 book played as an HLS transcode: time from play to the first segment, and a seek to
//     9 h (ffmpeg restarted there, stream_reset) until that segment is served.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exited, freePort, startServerProcess } from '../apps/server/src/test-support/server-process.ts'
import { makeAudio } from '../scripts/media/index.ts'

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 300)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const SYNC_MS = Number(process.env.BENCH_SYNC_MS ?? 10_000)
const USERS = Math.min(30, LISTENERS)
const BOOKS = 10
const LONG_HOURS = 10

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const ms = (n: number) => `${n.toFixed(1)} ms`

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-play-'))
  const lib = path.join(dir, 'books')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null
  try {
    let t0 = Date.now()
    for (let i = 0; i < BOOKS; i++) {
      await makeAudio({
        path: path.join(lib, `Author ${i}`, `Book ${i}`, 'book.mp3'),
        durationSec: 600,
        bitrateKbps: 8,
        sampleRate: 8000,
      })
    }
    // The 10-hour book: one hour encoded, then ten copies joined without re-encoding.
    const work = path.join(dir, 'work')
    fs.mkdirSync(work)
    const hour = await makeAudio({
      path: path.join(work, 'hour.mp3'),
      durationSec: 3600,
      bitrateKbps: 8,
      sampleRate: 8000,
    })
    fs.writeFileSync(
      path.join(work, 'list.txt'),
      Array.from({ length: LONG_HOURS }, () => `file '${hour}'`).join('\n'),
    )
    const longDir = path.join(lib, 'Long Author', 'Ten Hours')
    fs.mkdirSync(longDir, { recursive: true })
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      path.join(work, 'list.txt'),
      '-c',
      'copy',
      path.join(longDir, 'long.mp3'),
    ])
    console.log(`generated ${BOOKS} books + a ${LONG_HOURS} h book in ${Date.now() - t0} ms`)

    server = await startServerProcess(dir, port)
    const call = async (method: string, url: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`)
      return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text
    }
    await call('POST', '/init', null, { newRoot: { username: 'root', password: 'bench-root' } })
    const root = (await call('POST', '/login', null, { username: 'root', password: 'bench-root' })).user
      .accessToken as string
    const library = await call('POST', '/api/libraries', root, {
      name: 'Bench',
      folders: [{ fullPath: lib }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    let items: { id: string; media: { metadata: { title: string } } }[] = []
    for (let i = 0; i < 600 && items.length < BOOKS + 1; i++) {
      items = (await call('GET', `/api/libraries/${library.id}/items?limit=100`, root)).results
      if (items.length < BOOKS + 1) await new Promise((r) => setTimeout(r, 100))
    }
    const long = items.find((i) => i.media.metadata.title === 'Ten Hours')
    const books = items.filter((i) => i !== long)
    if (!long || books.length < BOOKS) throw new Error('scan did not finish')

    const tokens: string[] = []
    for (let u = 0; u < USERS; u++) {
      await call('POST', '/api/users', root, {
        username: `listener${u}`,
        password: `listener-pw-${u}`,
        type: 'user',
      })
      tokens.push(
        (await call('POST', '/login', null, { username: `listener${u}`, password: `listener-pw-${u}` })).user
          .accessToken,
      )
    }

    // ---- 1. listeners syncing --------------------------------------------------------------------
    const sessions: { token: string; id: string }[] = []
    for (let l = 0; l < LISTENERS; l++) {
      const token = tokens[l % USERS] as string
      const book = books[Math.floor(l / USERS) % books.length] as { id: string }
      const s = await call('POST', `/api/items/${book.id}/play`, token, {
        deviceInfo: { deviceId: `device-${l}`, clientName: 'bench' },
        supportedMimeTypes: ['audio/mpeg'],
      })
      sessions.push({ token, id: s.id })
    }
    const latencies: number[] = []
    let errors = 0
    const endAt = Date.now() + SECONDS * 1000
    t0 = Date.now()
    // Baseline: /ping every 100 ms during the run, to tell sync cost from machine noise.
    const pings: number[] = []
    const pinger = (async () => {
      while (Date.now() < endAt) {
        const a = performance.now()
        await (await fetch(`${base}/ping`)).text()
        pings.push(performance.now() - a)
        await new Promise((r) => setTimeout(r, 100))
      }
    })()
    await Promise.all(
      sessions.map(async (s, i) => {
        // Spread the listeners over the sync interval, as real players are.
        await new Promise((r) => setTimeout(r, (i / sessions.length) * SYNC_MS))
        let position = 0
        while (Date.now() < endAt) {
          position += SYNC_MS / 1000
          const started = performance.now()
          try {
            const res = await fetch(`${base}/api/session/${s.id}/sync`, {
              method: 'POST',
              headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ currentTime: position % 590, timeListened: SYNC_MS / 1000 }),
            })
            await res.text()
            if (res.status !== 200) errors++
          } catch {
            errors++
          }
          latencies.push(performance.now() - started)
          const wait = SYNC_MS - (performance.now() - started)
          if (Date.now() + wait >= endAt) break
          await new Promise((r) => setTimeout(r, Math.max(0, wait)))
        }
      }),
    )
    await pinger
    latencies.sort((a, b) => a - b)
    pings.sort((a, b) => a - b)
    console.log(
      `sync: ${LISTENERS} listeners every ${SYNC_MS / 1000} s for ${((Date.now() - t0) / 1000).toFixed(0)} s: ${latencies.length} syncs, ` +
        `p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}, errors ${errors}`,
    )
    console.log(
      `baseline GET /ping during the run: p50 ${ms(pct(pings, 50))}, p99 ${ms(pct(pings, 99))}, max ${ms(pings.at(-1) ?? NaN)}`,
    )
    for (const s of sessions) await call('POST', `/api/session/${s.id}/close`, s.token)

    // ---- 2. HLS on the 10-hour book ---------------------------------------------------------------
    const fetchSegment = async (sid: string, n: number) => {
      for (let attempt = 0; attempt < 8; attempt++) {
        const res = await fetch(`${base}/hls/${sid}/output-${n}.ts`)
        const body = Buffer.from(await res.arrayBuffer())
        if (res.status === 200 && body.length > 0) return body.length
      }
      throw new Error(`segment ${n} never came`)
    }
    let started = performance.now()
    const hls = await call('POST', `/api/items/${long.id}/play`, root, {
      deviceInfo: { deviceId: 'hls-bench' },
      supportedMimeTypes: [],
    })
    const playMs = performance.now() - started
    const playlist = await call('GET', `/hls/${hls.id}/output.m3u8`, null)
    const segments = (playlist as string).match(/#EXTINF/g)?.length ?? 0
    await fetchSegment(hls.id, 0)
    const firstMs = performance.now() - started
    const nineHours = Math.floor((9 * 3600) / 6)
    started = performance.now()
    const bytes = await fetchSegment(hls.id, nineHours)
    const seekMs = performance.now() - started
    console.log(
      `hls (${LONG_HOURS} h mp3, copy): play ${ms(playMs)}, playlist ${segments} segments, first segment ${ms(firstMs)} after play; ` +
        `seek to 9 h (segment ${nineHours}, ${bytes} bytes) ${ms(seekMs)}`,
    )
    await call('POST', `/api/session/${hls.id}/close`, root)
  } finally {
    if (server) {
      server.kill('SIGTERM')
      await exited(server)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
