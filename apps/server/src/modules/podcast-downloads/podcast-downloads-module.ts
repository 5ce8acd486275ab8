import type { FastifyInstance } from 'fastify'
import type { FeedEpisode, EpisodeDownload } from '@shelfcast/contracts'
import type { AppContext } from '../../context.ts'
import type { PodcastDeps } from '../podcasts/podcast-deps.ts'

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
}

export function createPodcastDownloads(_deps: PodcastDeps): PodcastDownloads {
  return {
    enqueue: () => Promise.reject(new Error('not built yet')),
    scheduleChanged: async () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
  }
}

export function registerPodcastDownloadsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
