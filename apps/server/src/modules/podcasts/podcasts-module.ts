import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import type { PodcastDownloads } from '../podcast-downloads/podcast-downloads-module.ts'
import type { PodcastDeps } from './podcast-deps.ts'

/** Subscribing (feed preview, create, OPML), episodes (view, edit, remove, latest) and podcast-level edits. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Podcasts {}

export function createPodcasts(_deps: PodcastDeps & { downloads: PodcastDownloads }): Podcasts {
  return {}
}

export function registerPodcastsRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
