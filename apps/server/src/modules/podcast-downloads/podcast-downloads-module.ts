import type { FastifyInstance } from 'fastify'
import type { EpisodeDownload, EpisodeDownloadQueue, FeedEpisode } from '@shelfcast/contracts'
import type { AppContext } from '../../context.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import { fetchParsedFeed, toFeedEpisode } from '../podcasts/feed-fetch.ts'
import type { PodcastDeps } from '../podcasts/podcast-deps.ts'
import { selectNewEpisodes } from './check-new-episodes.ts'
import { DownloadQueue, type DownloadJob } from './episode-download-queue.ts'
import { createEpisodeDownloader } from './episode-downloader.ts'
import { enforceMaxEpisodes } from './episode-retention.ts'
import { registerDownloadRoutes } from './podcast-downloads.routes.ts'
import { PodcastItemsRepository, type PodcastTarget } from './podcast-items.repository.ts'
import { PodcastSchedule } from './podcast-schedule.ts'

/** Episode downloads (a bounded queue streamed to disk, tagged, then scanned in) and auto-download schedules. */
export interface PodcastDownloads {
  /** Queues feed episodes of a podcast item for download; answers what was queued. */
  enqueue(libraryItemId: string, episodes: readonly FeedEpisode[]): Promise<EpisodeDownload[]>
  /** A podcast's schedule fields changed (or it was created or removed): re-plan its check. */
  scheduleChanged(libraryItemId: string): Promise<void>
  /** Starts schedules of podcasts with auto-download on. */
  start(): Promise<void>
  /** Stops schedules, cancels downloads and waits for them. */
  stop(): Promise<void>
  /**
   * Fetches the feed and queues the episodes the podcast lacks that were published after its newest episode
   * (none: after its last check), newest first, at most `limit` (else maxNewEpisodesToDownload; 0 = all).
   * Answers the new episodes.
   */
  checkNew(libraryItemId: string, limit?: number): Promise<FeedEpisode[]>
  /** What a scheduled run does, now: check, wait for those downloads, then apply maxEpisodesToKeep. */
  checkNow(libraryItemId: string): Promise<{ episodes: FeedEpisode[]; removed: number }>
  /** Running and queued downloads of a library or of one podcast. */
  queueOf(scope: { libraryId?: string; libraryItemId?: string }): EpisodeDownloadQueue
  /** Cancels one queued or running download; null when there is no such download. */
  cancel(downloadId: string): EpisodeDownload | null
  /** Removes the queued (not running) downloads of a podcast; answers how many. */
  clear(libraryItemId: string): number
  /** Podcasts whose schedule is planned now (tests, diagnostics). */
  scheduled(): string[]
  /** Fires a podcast's planned job now, as its schedule would; false when none is planned (tests). */
  triggerSchedule(libraryItemId: string): Promise<boolean>
}

const PODCAST_NOT_FOUND = 'Podcast not found'

export function createPodcastDownloads(deps: PodcastDeps): PodcastDownloads {
  const log = deps.log.child({ module: 'podcast-downloads' })
  const repo = new PodcastItemsRepository(deps.database.db)
  const events = new ItemEvents(deps.realtime)
  const itemUpdated = async (itemId: string) => {
    const [item] = await deps.scanRepo.loadItems([itemId])
    if (item) events.updatedOne(item)
  }
  const queue = new DownloadQueue({
    run: createEpisodeDownloader({
      fetcher: deps.fetcher,
      scans: deps.scanner.scans,
      repo,
      ffmpegPath: deps.config.ffmpegPath,
      metadataPath: deps.config.metadataPath,
      clock: deps.clock,
      log,
      itemUpdated,
    }),
    tasks: deps.tasks,
    // Downloads are an admin matter (the queue page and its routes are admin only).
    emit: (event, payload) => deps.realtime.toAdmins(event, payload),
    clock: deps.clock,
    log,
    ended: (job, error) => notifyEnded(deps, job, error),
  })
  /** Feed fetches of running checks stop with the server. */
  const shutdown = new AbortController()
  const checks = new Set<Promise<unknown>>()
  let stopped = false

  const targetOr404 = async (itemId: string): Promise<PodcastTarget> => {
    const target = await repo.target(itemId)
    if (!target) throw notFound(PODCAST_NOT_FOUND)
    return target
  }

  const enqueue = async (itemId: string, episodes: readonly FeedEpisode[]) => {
    const target = await targetOr404(itemId)
    const { keys } = await repo.knownEpisodeKeys(itemId)
    return queue.enqueue(target, episodes, keys)
  }

  const checkNew = async (itemId: string, limit?: number) => {
    const target = await targetOr404(itemId)
    const feedUrl = target.podcast.feedUrl
    if (!feedUrl) throw badRequest('Podcast does not have an RSS feed')
    const startedAt = deps.clock()
    // Only the new episodes are answered and queued, so only theirs are shaped (and sanitised).
    const feed = await fetchParsedFeed(deps.fetcher, feedUrl, { signal: shutdown.signal })
    const { keys, latestPublishedAt } = await repo.knownEpisodeKeys(itemId)
    // "New" begins after the newest episode the podcast has; with none, after the last check (a fresh
    // subscription's check time), as Audiobookshelf decides it.
    const after = latestPublishedAt ?? target.podcast.lastEpisodeCheck
    const fresh = selectNewEpisodes(
      feed.episodes,
      after,
      keys,
      limit ?? target.podcast.maxNewEpisodesToDownload,
    ).map(toFeedEpisode)
    queue.enqueue(target, fresh, keys)
    await repo.setLastEpisodeCheck(itemId, startedAt)
    log.info({ itemId, found: fresh.length }, 'checked podcast for new episodes')
    return fresh
  }

  const tracked = <T>(work: Promise<T>): Promise<T> => {
    checks.add(work)
    void work.then(
      () => checks.delete(work),
      () => checks.delete(work),
    )
    return work
  }

  const checkNow = (itemId: string) =>
    tracked(
      (async () => {
        const episodes = await checkNew(itemId)
        await queue.whenIdle(itemId)
        const target = await repo.target(itemId)
        const removed =
          target && !stopped
            ? await enforceMaxEpisodes(target, { repo, scans: deps.scanner.scans, log, itemUpdated })
            : 0
        return { episodes, removed }
      })(),
    )

  const schedule = new PodcastSchedule({
    run: async (itemId) => {
      // A podcast deleted (or switched off) without a scheduleChanged call loses its job at its next run.
      const target = await repo.target(itemId)
      if (!target?.podcast.autoDownloadEpisodes) return plan(itemId, null)
      return checkNow(itemId)
    },
    log,
  })

  const plan = (itemId: string, podcast: PodcastTarget['podcast'] | null) => {
    if (stopped) return
    schedule.set(itemId, podcast?.autoDownloadEpisodes ? podcast.autoDownloadSchedule : null)
  }

  // A library's downloads end before its items go.
  deps.libraries.beforeRemove(async (library) => {
    for (const d of [...queue.view((x) => x.libraryId === library.id).queue]) queue.cancel(d.id)
    const running = queue.view((x) => x.libraryId === library.id).currentDownloads
    for (const d of running) queue.cancel(d.id)
    await Promise.all(running.map((d) => queue.whenIdle(d.libraryItemId)))
  })

  return {
    enqueue,
    checkNew,
    checkNow,
    async scheduleChanged(itemId) {
      const target = await repo.target(itemId)
      plan(itemId, target?.podcast ?? null)
    },
    async start() {
      for (const { id, podcast } of await repo.scheduledPodcasts()) plan(id, podcast)
    },
    async stop() {
      stopped = true
      schedule.close()
      shutdown.abort()
      await queue.stop()
      await Promise.allSettled([...checks])
    },
    queueOf: ({ libraryId, libraryItemId }) =>
      queue.view(
        (d) =>
          (!libraryId || d.libraryId === libraryId) && (!libraryItemId || d.libraryItemId === libraryItemId),
      ),
    cancel: (id) => queue.cancel(id),
    clear: (itemId) => queue.clear(itemId),
    scheduled: () => schedule.planned(),
    triggerSchedule: (itemId) => schedule.trigger(itemId),
  }
}

export function registerPodcastDownloadsRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'podcastDownloads'>,
): void {
  registerDownloadRoutes(app, ctx)
}

/** Fires onPodcastEpisodeDownloaded or onPodcastEpisodeDownloadFailed with the episode's template variables. */
function notifyEnded(deps: PodcastDeps, job: DownloadJob, error: string | null): void {
  const notify = deps.notify
  if (!notify) return
  const { target, episode, download } = job
  void deps.libraries
    .all()
    .then((all) => all.find((l) => l.id === target.libraryId) ?? null)
    .catch(() => null)
    .then((library) => {
      const common = {
        libraryItemId: target.id,
        libraryId: target.libraryId,
        libraryName: library?.name ?? '',
        podcastTitle: target.title,
        podcastAuthor: target.author,
        episodeTitle: episode.title,
      }
      if (error) notify.fire('onPodcastEpisodeDownloadFailed', { ...common, errorMsg: error })
      else
        notify.fire('onPodcastEpisodeDownloaded', {
          ...common,
          episodeSubtitle: episode.subtitle,
          episodeDescription: episode.descriptionPlain ?? episode.description,
          episodeId: download.id,
        })
    })
}
