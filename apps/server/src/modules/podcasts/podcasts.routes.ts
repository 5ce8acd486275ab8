import {
  CreatePodcastRequest,
  OpmlCreateRequest,
  OpmlParseRequest,
  PodcastFeedRequest,
  queryFlag,
  UpdateEpisodeRequest,
  type OpmlParseResponse,
  type PodcastFeedResponse,
  type PodcastTitlesResponse,
  type RecentEpisodesResponse,
  type SearchEpisodeResponse,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'
import type { PodcastsService } from './podcasts.service.ts'

const admin = { config: { access: 'admin' as const } }
const id = z.string().min(1).max(100)
const IdParams = z.object({ id })
const EpisodeParams = z.object({ id, episodeId: id })
const HardQuery = z.object({ hard: queryFlag.optional() })
const OverrideQuery = z.object({ override: queryFlag.optional() })
const TitleQuery = z.object({ title: z.string().trim().min(1, 'Title is required').max(1000) })
const RecentQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
})

/** Subscriptions, OPML and episodes (Audiobookshelf's PodcastController and library routes). */
export function registerPodcastRoutes(app: FastifyInstance, podcasts: PodcastsService) {
  app.post('/api/podcasts/feed', admin, async (request): Promise<PodcastFeedResponse> => {
    const { rssFeed } = parseInput(PodcastFeedRequest, request.body)
    return { podcast: await podcasts.feed(rssFeed) }
  })

  app.post('/api/podcasts', admin, async (request) =>
    podcasts.create(requireAuth(request).user, parseInput(CreatePodcastRequest, request.body)),
  )

  app.get('/api/libraries/:id/podcast-titles', admin, async (request): Promise<PodcastTitlesResponse> => {
    return podcasts.titles(requireAuth(request).user, parseInput(IdParams, request.params).id)
  })

  app.post('/api/podcasts/opml/parse', admin, async (request): Promise<OpmlParseResponse> => {
    return { feeds: podcasts.parseOpml(parseInput(OpmlParseRequest, request.body).opmlText) }
  })

  app.post('/api/podcasts/opml/create', admin, async (request) => {
    await podcasts.startOpmlImport(requireAuth(request).user, parseInput(OpmlCreateRequest, request.body))
    return {}
  })

  app.get('/api/libraries/:id/opml', async (request, reply) => {
    const { name, xml } = await podcasts.exportOpml(
      requireAuth(request).user,
      parseInput(IdParams, request.params).id,
    )
    const file = `${name.replace(/[^\w .-]+/g, '').trim() || 'podcasts'}.opml`
    return reply
      .type('text/x-opml; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(`${name}.opml`)}`,
      )
      .send(xml)
  })

  app.get('/api/libraries/:id/recent-episodes', async (request): Promise<RecentEpisodesResponse> => {
    const { limit, page } = parseInput(RecentQuery, request.query)
    return podcasts.recentEpisodes(
      requireAuth(request).user,
      parseInput(IdParams, request.params).id,
      limit,
      page,
    )
  })

  app.get('/api/podcasts/:id/episode/:episodeId', async (request) => {
    const p = parseInput(EpisodeParams, request.params)
    return podcasts.episode(requireAuth(request).user, p.id, p.episodeId)
  })

  app.patch('/api/podcasts/:id/episode/:episodeId', { config: { permission: 'update' } }, async (request) => {
    const p = parseInput(EpisodeParams, request.params)
    const body = parseInput(UpdateEpisodeRequest, request.body)
    return podcasts.updateEpisode(requireAuth(request).user, p.id, p.episodeId, body)
  })

  app.delete(
    '/api/podcasts/:id/episode/:episodeId',
    { config: { permission: 'delete' } },
    async (request) => {
      const p = parseInput(EpisodeParams, request.params)
      const { hard } = parseInput(HardQuery, request.query)
      return podcasts.removeEpisode(requireAuth(request).user, p.id, p.episodeId, hard ?? false)
    },
  )

  app.get('/api/podcasts/:id/search-episode', admin, async (request): Promise<SearchEpisodeResponse> => {
    const { title } = parseInput(TitleQuery, request.query)
    return podcasts.searchEpisode(requireAuth(request).user, parseInput(IdParams, request.params).id, title)
  })

  app.post('/api/podcasts/:id/match-episodes', admin, async (request) => {
    const { override } = parseInput(OverrideQuery, request.query)
    return podcasts.matchEpisodes(
      requireAuth(request).user,
      parseInput(IdParams, request.params).id,
      override ?? false,
    )
  })
}
