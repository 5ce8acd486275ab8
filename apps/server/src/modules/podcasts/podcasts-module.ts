import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import type { PodcastDownloads } from '../podcast-downloads/podcast-downloads-module.ts'
import type { PodcastDeps } from './podcast-deps.ts'
import { registerPodcastRoutes } from './podcasts.routes.ts'
import { PodcastsService } from './podcasts.service.ts'

/** Subscribing (feed preview, create, OPML), episodes (view, edit, remove, latest) and podcast-level edits. */
export type Podcasts = PodcastsService

export function createPodcasts(deps: PodcastDeps & { downloads: PodcastDownloads }): Podcasts {
  return new PodcastsService(deps)
}

export function registerPodcastsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'podcasts'>): void {
  registerPodcastRoutes(app, ctx.podcasts)
}
