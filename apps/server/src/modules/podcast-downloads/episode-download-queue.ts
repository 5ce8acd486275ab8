import crypto from 'node:crypto'
import type {
  EpisodeDownload,
  EpisodeDownloadEventName,
  EpisodeDownloadQueue,
  FeedEpisode,
  ServerEventPayload,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { HttpError } from '../../http/errors.ts'
import type { TaskRunner } from '../../jobs/task-runner.ts'
import { FetchError } from '../../net/index.ts'
import type { PodcastTarget } from './podcast-items.repository.ts'

/**
 * Downloads running at once. Two keeps a slow host from blocking the queue while staying polite to
 * podcast hosts (many throttle or ban parallel pulls) and keeping disk and ffmpeg load low.
 */
export const MAX_CONCURRENT_DOWNLOADS = 2
/** episode_download_progress at most this often per download (the contract: twice a second). */
const PROGRESS_INTERVAL_MS = 500
const CANCELLED = 'Download cancelled'

export interface DownloadJob {
  download: EpisodeDownload
  episode: FeedEpisode
  target: PodcastTarget
}

export interface DownloadControl {
  signal: AbortSignal
  /** Bytes written so far, and the expected total when known. */
  progress(bytes: number, total: number | null): void
}

/** Does one download (fetch, tag, scan in); throws to fail it. Answers a line for the finished task. */
export type RunDownload = (job: DownloadJob, control: DownloadControl) => Promise<string | void>

export type EmitDownloadEvent = <E extends EpisodeDownloadEventName>(
  event: E,
  payload: ServerEventPayload<E>,
) => void

export interface QueueDeps {
  run: RunDownload
  tasks: Pick<TaskRunner, 'start'>
  emit: EmitDownloadEvent
  clock: Clock
  log: Logger
  concurrency?: number
  /** Told when a download ends, unless it was cancelled (notifications). */
  ended?: (job: DownloadJob, error: string | null) => void
}

interface Entry extends DownloadJob {
  controller: AbortController | null
  settled: Promise<void>
  settle: () => void
}

/** What tells feed entries apart, in the contract's episodes and in the parser's alike. */
export type EpisodeKeyFields = { guid: string | null; enclosure: { url: string } }
/** A download key: the feed's guid, else its enclosure URL (what makes two feed entries the same episode). */
export const episodeKeys = (e: EpisodeKeyFields): string[] => [
  ...(e.guid ? [`guid:${e.guid}`] : []),
  `url:${e.enclosure.url}`,
]

/** Why a download failed, in words a user may see (fetch errors carry their own safe message). */
function userError(err: unknown): string {
  if (err instanceof FetchError) return err.userMessage
  if (err instanceof HttpError) return err.message
  return 'Episode download failed'
}

/**
 * The episode download queue: first in, first out, at most `concurrency` at a time. Each download is a task
 * (task_started/progress/finished) and sends episode_download_* events; a failed one never stops the rest.
 */
export class DownloadQueue {
  private readonly deps: QueueDeps
  private readonly concurrency: number
  private readonly pending: Entry[] = []
  private readonly running = new Map<string, Entry>()
  private stopped = false

  constructor(deps: QueueDeps) {
    this.deps = deps
    this.concurrency = deps.concurrency ?? MAX_CONCURRENT_DOWNLOADS
  }

  /** Queues feed episodes of a podcast, skipping ones in `known` (already downloaded) or already queued. */
  enqueue(
    target: PodcastTarget,
    episodes: readonly FeedEpisode[],
    known: ReadonlySet<string>,
  ): EpisodeDownload[] {
    if (this.stopped) return []
    const taken = new Set(known)
    for (const e of [...this.pending, ...this.running.values()]) {
      if (e.target.id === target.id) for (const k of episodeKeys(e.episode)) taken.add(k)
    }
    const added: EpisodeDownload[] = []
    for (const episode of episodes) {
      const keys = episodeKeys(episode)
      if (keys.some((k) => taken.has(k))) continue
      for (const k of keys) taken.add(k)
      const download = this.newDownload(target, episode)
      let settle = () => undefined as void
      const settled = new Promise<void>((resolve) => (settle = resolve))
      this.pending.push({ download, episode, target, controller: null, settled, settle })
      added.push(download)
      this.deps.emit('episode_download_queued', { ...download })
    }
    this.pump()
    return added
  }

  private newDownload(target: PodcastTarget, e: FeedEpisode): EpisodeDownload {
    return {
      id: crypto.randomUUID(),
      episodeDisplayTitle: e.title,
      url: e.enclosure.url,
      libraryItemId: target.id,
      libraryId: target.libraryId,
      podcastTitle: target.title || null,
      podcastExplicit: target.explicit,
      season: e.season,
      episode: e.episode,
      episodeType: e.episodeType,
      publishedAt: e.publishedAt,
      guid: e.guid,
      isFinished: false,
      failed: false,
      error: null,
      progress: null,
      bytesDownloaded: 0,
      createdAt: this.deps.clock(),
      startedAt: null,
      finishedAt: null,
    }
  }

  private pump() {
    while (!this.stopped && this.running.size < this.concurrency) {
      const next = this.pending.shift()
      if (!next) return
      this.running.set(next.download.id, next)
      void this.runOne(next)
    }
  }

  private async runOne(entry: Entry) {
    const { download, target } = entry
    const controller = new AbortController()
    entry.controller = controller
    download.startedAt = this.deps.clock()
    const task = this.deps.tasks.start({
      action: 'download-podcast-episode',
      title: `Downloading episode "${download.episodeDisplayTitle}"`,
      titleKey: 'MessageDownloadingEpisode',
      titleSubs: [download.episodeDisplayTitle],
      description: target.title,
      data: { libraryId: target.libraryId, libraryItemId: target.id, downloadId: download.id },
    })
    this.deps.emit('episode_download_started', { ...download })
    let lastSent = 0
    const progress = (bytes: number, total: number | null) => {
      download.bytesDownloaded = bytes
      download.progress = total && total > 0 ? Math.min(100, Math.round((bytes / total) * 100)) : null
      if (download.progress !== null) task.progress(download.progress)
      const now = Date.now()
      if (now - lastSent < PROGRESS_INTERVAL_MS) return
      lastSent = now
      this.deps.emit('episode_download_progress', { ...download })
    }
    try {
      const description = await this.deps.run(entry, { signal: controller.signal, progress })
      if (controller.signal.aborted) throw new Error(CANCELLED)
      download.progress = 100
      task.finish({ description: description || target.title })
    } catch (err) {
      download.failed = true
      download.error = controller.signal.aborted ? CANCELLED : userError(err)
      if (!controller.signal.aborted) {
        this.deps.log.warn({ err, downloadId: download.id, url: download.url }, 'episode download failed')
      }
      task.finish({ error: download.error, description: download.error, failed: true })
    } finally {
      download.isFinished = true
      download.finishedAt = this.deps.clock()
      this.running.delete(download.id)
      this.deps.emit('episode_download_finished', { ...download })
      if (download.error !== CANCELLED) this.deps.ended?.(entry, download.failed ? download.error : null)
      entry.settle()
      this.pump()
    }
  }

  /** Cancels one download: a queued one leaves the queue, a running one is aborted (and fails). */
  cancel(downloadId: string): EpisodeDownload | null {
    const index = this.pending.findIndex((e) => e.download.id === downloadId)
    const queued = index >= 0 ? this.pending.splice(index, 1)[0] : undefined
    if (queued) {
      queued.settle()
      this.queueUpdated(queued.target.libraryId)
      return queued.download
    }
    const running = this.running.get(downloadId)
    if (!running) return null
    running.controller?.abort()
    return running.download
  }

  /** Removes the queued (not running) downloads of a podcast; answers how many. */
  clear(libraryItemId: string): number {
    const removed = this.pending.filter((e) => e.target.id === libraryItemId)
    if (removed.length === 0) return 0
    this.pending.splice(0, this.pending.length, ...this.pending.filter((e) => e.target.id !== libraryItemId))
    for (const e of removed) e.settle()
    this.queueUpdated(removed[0]?.target.libraryId ?? '')
    return removed.length
  }

  private queueUpdated(libraryId: string) {
    this.deps.emit('episode_download_queue_updated', {
      libraryId,
      ...this.view((d) => d.libraryId === libraryId),
    })
  }

  /** Running and queued downloads the filter keeps, in the contract's shape. */
  view(keep: (d: EpisodeDownload) => boolean = () => true): EpisodeDownloadQueue {
    const currentDownloads = [...this.running.values()].map((e) => ({ ...e.download })).filter(keep)
    return {
      currentDownload: currentDownloads[0] ?? null,
      currentDownloads,
      queue: this.pending.map((e) => ({ ...e.download })).filter(keep),
    }
  }

  /** Resolves once no download of this podcast is queued or running. */
  async whenIdle(libraryItemId: string): Promise<void> {
    for (;;) {
      const open = [...this.running.values(), ...this.pending].filter((e) => e.target.id === libraryItemId)
      if (open.length === 0) return
      await Promise.all(open.map((e) => e.settled))
    }
  }

  /** Drops the queue, aborts running downloads and waits until they have cleaned up. */
  async stop(): Promise<void> {
    this.stopped = true
    for (const e of this.pending.splice(0)) e.settle()
    const running = [...this.running.values()]
    for (const e of running) e.controller?.abort()
    await Promise.all(running.map((e) => e.settled))
  }
}
