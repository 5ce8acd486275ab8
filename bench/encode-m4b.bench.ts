// M4B encoder benchmark: `npm run bench:encode-m4b`. A 10-hour, 30-file book (mono MP3, 32 kb/s, 22.05 kHz: quick
// to make; one 20-minute file made with ffmpeg, copied 30 times) merged by the real app (buildApp, POST
// /api/tools/item/:id/encode-m4b, until the task ends: probe, backup, move and rescan included), against the bare
// ffmpeg command doing the same merge (concat demuxer → AAC 64k mono) on the same machine. Target: within 1.2×.
// Then the same book as AAC files merged with codec copy: target < 30 s.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Task } from '@shelfcast/contracts'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config/config.ts'
import { silentLogger } from '../apps/server/src/logger.ts'
import { ffmpegPath } from '../scripts/media/index.ts'

const FILES = Number(process.env.BENCH_FILES ?? 30)
const FILE_SECONDS = Number(process.env.BENCH_FILE_SECONDS ?? 1200)
const BITRATE = '64k'

function ffmpeg(args: string[]) {
  execFileSync(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  })
}

/** One file made with ffmpeg, copied to `FILES` parts of a book folder. */
function makeBook(folder: string, ext: 'mp3' | 'm4a', work: string) {
  fs.mkdirSync(folder, { recursive: true })
  const one = path.join(work, `one.${ext}`)
  if (!fs.existsSync(one)) {
    const codec = ext === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '32k'] : ['-c:a', 'aac', '-b:a', '48k']
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:sample_rate=22050:duration=${FILE_SECONDS}`,
      '-ac',
      '1',
      ...codec,
      one,
    ])
  }
  for (let i = 1; i <= FILES; i++)
    fs.copyFileSync(one, path.join(folder, `part ${String(i).padStart(2, '0')}.${ext}`))
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-bench-encode-'))
  const root = path.join(dir, 'books')
  const work = path.join(dir, 'work')
  fs.mkdirSync(work, { recursive: true })
  const hours = (FILES * FILE_SECONDS) / 3600
  const t0 = performance.now()
  makeBook(path.join(root, 'Bench Author', 'Ten Hours MP3'), 'mp3', work)
  makeBook(path.join(root, 'Bench Author', 'Ten Hours AAC'), 'm4a', work)
  console.log(
    `made ${FILES} × ${FILE_SECONDS / 60} min MP3 and AAC books (${hours} h each) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  )

  const config = loadConfig({
    CONFIG_PATH: path.join(dir, 'config'),
    METADATA_PATH: path.join(dir, 'metadata'),
    CLIENT_DIST_PATH: path.join(dir, 'none'),
    HOST: '127.0.0.1',
  })
  const { app, ctx } = await buildApp({ config, logger: silentLogger() })
  try {
    const call = async <T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      })
      if (res.statusCode >= 300)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return (res.body.startsWith('{') || res.body.startsWith('[') ? JSON.parse(res.body) : undefined) as T
    }
    await call('POST', '/init', null, { newRoot: { username: 'bench', password: 'bench-password' } })
    const { user } = await call<{ user: { accessToken: string } }>('POST', '/login', null, {
      username: 'bench',
      password: 'bench-password',
    })
    const token = user.accessToken
    const library = await call<{ id: string }>('POST', '/api/libraries', token, {
      name: 'Bench',
      folders: [{ fullPath: root }],
      mediaType: 'book',
      settings: { disableWatcher: true },
    })
    await (
      await ctx.scanner.scans.scanLibrary(library.id)
    ).done
    const items = await call<{ results: { id: string; media: { metadata: { title: string } } }[] }>(
      'GET',
      `/api/libraries/${library.id}/items?limit=10`,
      token,
    )
    const idOf = (title: string) => {
      const found = items.results.find((r) => r.media.metadata.title === title)
      if (!found) throw new Error(`no item ${title}`)
      return found.id
    }
    const runTool = async (id: string, query: string) => {
      const start = performance.now()
      const { task } = await call<{ task: Task }>('POST', `/api/tools/item/${id}/encode-m4b?${query}`, token)
      for (;;) {
        const now = ctx.tasks.list().find((x) => x.id === task.id)
        if (now?.isFinished) {
          if (now.isFailed) throw new Error(`encode failed: ${now.error}`)
          return (performance.now() - start) / 1000
        }
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    // The bare command reads its own copy of the same files (the tool replaces the book's). The machine is shared:
    // the bare command runs before and after the tool, which is compared with their mean.
    const mp3Folder = path.join(root, 'Bench Author', 'Ten Hours MP3')
    const bareFolder = path.join(work, 'bare-input')
    makeBook(bareFolder, 'mp3', work)
    const list = path.join(work, 'list.txt')
    fs.writeFileSync(
      list,
      fs
        .readdirSync(bareFolder)
        .sort()
        .map((n) => `file '${path.join(bareFolder, n)}'\n`)
        .join(''),
    )
    const bareRun = () => {
      const at = performance.now()
      // prettier-ignore
      ffmpeg([
        '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:a',
        '-c:a', 'aac', '-b:a', BITRATE, '-ac', '1', '-ar', '22050', '-f', 'mp4', path.join(work, 'bare.m4b'),
      ])
      return (performance.now() - at) / 1000
    }
    const bareBefore = bareRun()
    const tool = await runTool(idOf(path.basename(mp3Folder)), `bitrate=${BITRATE}&channels=1&chapters=files`)
    const bareAfter = bareRun()
    const bare = (bareBefore + bareAfter) / 2
    const copy = await runTool(idOf('Ten Hours AAC'), 'codec=copy&chapters=files')

    const ratio = tool / bare
    console.log(
      `\n${hours} h, ${FILES} files, AAC ${BITRATE} mono (${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)})`,
    )
    console.log(
      `bare ffmpeg (concat → AAC): ${bare.toFixed(1)} s (before ${bareBefore.toFixed(1)} s, after ${bareAfter.toFixed(1)} s)`,
    )
    console.log(
      `tool encode-m4b (task, end to end): ${tool.toFixed(1)} s  → ${ratio.toFixed(2)}× bare (target ≤ 1.20×) ${ratio <= 1.2 ? 'PASS' : 'FAIL'}`,
    )
    console.log(
      `tool encode-m4b, AAC inputs, codec copy: ${copy.toFixed(1)} s (target < 30 s) ${copy < 30 ? 'PASS' : 'FAIL'}`,
    )
  } finally {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
