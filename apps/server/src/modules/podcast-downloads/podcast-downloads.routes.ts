import {
  DownloadEpisodesRequest,
  type CheckNewResponse,
  type EpisodeDownloadQueue,
} from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const DownloadParams = z.object({ downloadId: z.string().min(1).max(100) })
const CheckNewQuery = z.object({ limit: z.coerce.number().int().min(0).max(100_000).optional() })
const admin = { config: { access: 'admin' as const } }

/** Checking feeds, queueing, listing, clearing and cancelling episode downloads (admins, spec §2 / §7). */
export function registerDownloadRoutes(app: FastifyInstance, ctx: AppContext) {
  const downloads = ctx.podcastDownloads

  /** The podcast id of the request, when the caller can see that item (404 otherwise, like any unknown id). */
  async function visibleItemId(request: FastifyRequest): Promise<string> {
    const { id } = parseInput(IdParams, request.params)
    const [visible] = await ctx.browse.items.filterVisible(requireAuth(request).user, [id])
    if (!visible) throw notFound('Podcast not found')
    return visible
  }

  app.get('/api/podcasts/:id/checknew', admin, async (request): Promise<CheckNewResponse> => {
    const id = await visibleItemId(request)
    const { limit } = parseInput(CheckNewQuery, request.query)
    return { episodes: await downloads.checkNew(id, limit) }
  })

  app.post('/api/podcasts/:id/download-episodes', admin, async (request) => {
    const id = await visibleItemId(request)
    const episodes = parseInput(DownloadEpisodesRequest, request.body)
    return { downloads: await downloads.enqueue(id, episodes) }
  })

  app.get('/api/podcasts/:id/downloads', admin, async (request): Promise<EpisodeDownloadQueue> => {
    const id = await visibleItemId(request)
    return downloads.queueOf({ libraryItemId: id })
  })

  app.get('/api/podcasts/:id/clear-queue', admin, async (request): Promise<EpisodeDownloadQueue> => {
    const id = await visibleItemId(request)
    downloads.clear(id)
    return downloads.queueOf({ libraryItemId: id })
  })

  app.delete('/api/podcasts/downloads/:downloadId', admin, async (request) => {
    const { downloadId } = parseInput(DownloadParams, request.params)
    // The download's podcast is authorised like the podcast routes above before anything is cancelled.
    const queue = downloads.queueOf({})
    const download = [...queue.currentDownloads, ...queue.queue].find((d) => d.id === downloadId)
    const visible = download
      ? await ctx.browse.items.filterVisible(requireAuth(request).user, [download.libraryItemId])
      : []
    if (visible.length === 0 || !downloads.cancel(downloadId)) throw notFound('Download not found')
    return {}
  })

  app.get('/api/libraries/:id/episode-downloads', admin, async (request): Promise<EpisodeDownloadQueue> => {
    const { id } = parseInput(IdParams, request.params)
    const library = await ctx.libraries.getFor(requireAuth(request).user, id)
    return downloads.queueOf({ libraryId: library.id })
  })
}
