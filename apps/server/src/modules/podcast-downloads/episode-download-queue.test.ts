import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { TaskRunner } from '../../jobs/task-runner.ts'
import { FetchStatusError } from '../../net/index.ts'
import { Realtime } from '../../realtime/realtime.ts'
import {
  DownloadQueue,
  MAX_CONCURRENT_DOWNLOADS,
  type DownloadControl,
  type DownloadJob,
} from './episode-download-queue.ts'
import type { PodcastTarget } from './podcast-items.repository.ts'
import { feedEpisode } from './test-episodes.ts'

const log = pino({ level: 'silent' })

const target = (id = 'item-1', libraryId = 'lib-1'): PodcastTarget => ({
  id,
  libraryId,
  path: '/nowhere',
  title: 'The Show',
  author: 'Host',
  explicit: false,
  coverPath: null,
  podcast: {
    author: 'Host',
    releaseDate: null,
    feedUrl: 'http://localhost/feed.xml',
    imageUrl: null,
    itunesPageUrl: null,
    itunesId: null,
    itunesArtistId: null,
    type: 'episodic',
    autoDownloadEpisodes: false,
    autoDownloadSchedule: null,
    lastEpisodeCheck: 0,
    maxEpisodesToKeep: 0,
    maxNewEpisodesToDownload: 3,
  },
})

/** A run the test finishes by hand: each started job waits for `release(title)` (or its abort). */
function controlledRun() {
  const started: string[] = []
  const waiting = new Map<
    string,
    { resolve: () => void; reject: (e: unknown) => void; control: DownloadControl }
  >()
  let running = 0
  let peak = 0
  const run = (job: DownloadJob, control: DownloadControl) =>
    new Promise<string>((resolve, reject) => {
      started.push(job.episode.title)
      running++
      peak = Math.max(peak, running)
      const done = () => {
        running--
        waiting.delete(job.episode.title)
      }
      control.signal.addEventListener('abort', () => {
        done()
        reject(new Error('aborted'))
      })
      waiting.set(job.episode.title, {
        control,
        resolve: () => {
          done()
          resolve(`${job.episode.title}.mp3`)
        },
        reject: (e) => {
          done()
          reject(e)
        },
      })
    })
  return {
    run,
    started,
    peak: () => peak,
    release: (title: string) => waiting.get(title)?.resolve(),
    fail: (title: string, err: unknown) => waiting.get(title)?.reject(err),
    control: (title: string) => waiting.get(title)?.control,
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5))

function setup() {
  const events: {
    event: string
    payload: { id?: string; failed?: boolean; error?: string | null; queue?: unknown[] }
  }[] = []
  const tasks = new TaskRunner({ realtime: new Realtime(log), clock: () => 1000 })
  const ctl = controlledRun()
  const queue = new DownloadQueue({
    run: ctl.run,
    tasks,
    emit: (event, payload) => events.push({ event, payload: payload as never }),
    clock: () => 1000,
    log,
  })
  const named = (name: string) => events.filter((e) => e.event === name)
  return { queue, ctl, events, named, tasks }
}

describe('episode download queue', () => {
  it('runs downloads first in, first out, never more than the bound at once', async () => {
    const { queue, ctl } = setup()
    queue.enqueue(
      target(),
      [1, 2, 3, 4, 5].map((n) => feedEpisode(n)),
      new Set(),
    )
    await tick()
    expect(ctl.started).toEqual(['Episode 1', 'Episode 2'])
    expect(queue.view().currentDownloads).toHaveLength(MAX_CONCURRENT_DOWNLOADS)
    expect(queue.view().queue.map((d) => d.episodeDisplayTitle)).toEqual([
      'Episode 3',
      'Episode 4',
      'Episode 5',
    ])
    ctl.release('Episode 2')
    await tick()
    expect(ctl.started).toEqual(['Episode 1', 'Episode 2', 'Episode 3'])
    for (const n of [1, 3, 4, 5]) {
      ctl.release(`Episode ${n}`)
      await tick()
    }
    expect(ctl.started).toEqual(['Episode 1', 'Episode 2', 'Episode 3', 'Episode 4', 'Episode 5'])
    expect(ctl.peak()).toBe(MAX_CONCURRENT_DOWNLOADS)
    expect(queue.view()).toEqual({ currentDownload: null, currentDownloads: [], queue: [] })
  })

  it('skips episodes already downloaded or already queued (same guid or same enclosure URL)', async () => {
    const { queue } = setup()
    const first = queue.enqueue(target(), [feedEpisode(1), feedEpisode(2)], new Set(['guid:guid-2']))
    expect(first.map((d) => d.episodeDisplayTitle)).toEqual(['Episode 1'])
    const again = queue.enqueue(
      target(),
      [
        feedEpisode(1),
        feedEpisode(3, {
          guid: null,
          enclosure: { url: 'http://localhost/audio/1.mp3', type: null, length: null },
        }),
        feedEpisode(4),
        feedEpisode(4),
      ],
      new Set(),
    )
    expect(again.map((d) => d.episodeDisplayTitle)).toEqual(['Episode 4'])
    // Another podcast may carry the same guid.
    expect(queue.enqueue(target('item-2'), [feedEpisode(1)], new Set())).toHaveLength(1)
    await queue.stop()
  })

  it('cancels a queued download (it never starts) and a running one (it fails as cancelled)', async () => {
    const { queue, ctl, named, tasks } = setup()
    const [a, , c] = queue.enqueue(
      target(),
      [1, 2, 3].map((n) => feedEpisode(n)),
      new Set(),
    )
    await tick()
    expect(queue.cancel(c?.id ?? '')?.id).toBe(c?.id)
    expect(named('episode_download_queue_updated').at(-1)?.payload.queue).toEqual([])
    expect(queue.cancel(a?.id ?? '')?.id).toBe(a?.id)
    await tick()
    const finished = named('episode_download_finished').map((e) => e.payload)
    expect(finished).toEqual([
      expect.objectContaining({ id: a?.id, failed: true, error: 'Download cancelled' }),
    ])
    expect(ctl.started).toEqual(['Episode 1', 'Episode 2'])
    expect(tasks.list().find((t) => t.data.downloadId === a?.id)).toMatchObject({
      isFailed: true,
      error: 'Download cancelled',
    })
    expect(queue.cancel('nope')).toBeNull()
    await queue.stop()
  })

  it('clears the queued downloads of one podcast but leaves running ones and other podcasts', async () => {
    const { queue, named } = setup()
    queue.enqueue(
      target(),
      [1, 2, 3, 4].map((n) => feedEpisode(n)),
      new Set(),
    )
    queue.enqueue(target('item-2'), [feedEpisode(9)], new Set())
    await tick()
    expect(queue.clear('item-1')).toBe(2)
    expect(queue.view().currentDownloads.map((d) => d.episodeDisplayTitle)).toEqual([
      'Episode 1',
      'Episode 2',
    ])
    expect(queue.view().queue.map((d) => d.episodeDisplayTitle)).toEqual(['Episode 9'])
    const updated = named('episode_download_queue_updated').at(-1)?.payload as {
      libraryId: string
      queue: unknown[]
    }
    expect(updated).toMatchObject({
      libraryId: 'lib-1',
      queue: [expect.objectContaining({ episodeDisplayTitle: 'Episode 9' })],
    })
    await queue.stop()
  })

  it('fails one download with the fetcher’s message and goes on with the next', async () => {
    const { queue, ctl, named, tasks } = setup()
    queue.enqueue(
      target(),
      [1, 2, 3].map((n) => feedEpisode(n)),
      new Set(),
    )
    await tick()
    ctl.fail('Episode 1', new FetchStatusError(404, 'http://localhost/audio/1.mp3'))
    await tick()
    expect(ctl.started).toContain('Episode 3')
    const failed = named('episode_download_finished')[0]?.payload
    expect(failed).toMatchObject({ failed: true, error: 'The remote server answered with status 404' })
    const task = tasks.list().find((t) => t.action === 'download-podcast-episode' && t.isFailed)
    expect(task).toMatchObject({ isFinished: true, error: 'The remote server answered with status 404' })
    ctl.fail('Episode 2', new Error('/secret/path: EACCES'))
    await tick()
    expect(named('episode_download_finished')[1]?.payload.error).toBe('Episode download failed')
    ctl.release('Episode 3')
    await tick()
    expect(named('episode_download_finished')[2]?.payload).toMatchObject({ failed: false, error: null })
    expect(tasks.list().filter((t) => t.isFinished && !t.isFailed)).toHaveLength(1)
  })

  it('sends queued, started, throttled progress and finished events', async () => {
    const { queue, ctl, events } = setup()
    queue.enqueue(target(), [feedEpisode(1)], new Set())
    await tick()
    const control = ctl.control('Episode 1')
    for (let i = 1; i <= 50; i++) control?.progress(i * 100, 5000)
    ctl.release('Episode 1')
    await tick()
    const names = events.map((e) => e.event)
    expect(names[0]).toBe('episode_download_queued')
    expect(names[1]).toBe('episode_download_started')
    expect(names.filter((n) => n === 'episode_download_progress')).toHaveLength(1)
    expect(names.at(-1)).toBe('episode_download_finished')
    expect(events.at(-1)?.payload).toMatchObject({ isFinished: true, progress: 100, bytesDownloaded: 5000 })
  })

  it('stop aborts running downloads, drops the queue and waits; nothing is queued afterwards', async () => {
    const { queue, ctl } = setup()
    queue.enqueue(
      target(),
      [1, 2, 3].map((n) => feedEpisode(n)),
      new Set(),
    )
    await tick()
    await queue.stop()
    expect(queue.view()).toEqual({ currentDownload: null, currentDownloads: [], queue: [] })
    expect(ctl.started).toEqual(['Episode 1', 'Episode 2'])
    expect(queue.enqueue(target(), [feedEpisode(7)], new Set())).toEqual([])
  })
})
