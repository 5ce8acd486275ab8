import { podcastRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'
import type { PodcastsService } from './podcasts.service.ts'

/** Subscriptions, OPML and episodes (Audiobookshelf's PodcastController and library routes). */
export function registerPodcastRoutes(app: FastifyInstance, podcasts: PodcastsService) {
  serveRoute(app, routes.feed, async ({ body }) => ({ podcast: await podcasts.feed(body.rssFeed) }))

  serveRoute(app, routes.create, ({ body }, request) => podcasts.create(requireAuth(request).user, body))

  serveRoute(app, routes.titles, ({ params }, request) =>
    podcasts.titles(requireAuth(request).user, params.id),
  )

  serveRoute(app, routes.parseOpml, ({ body }) => ({ feeds: podcasts.parseOpml(body.opmlText) }))

  serveRoute(app, routes.createFromOpml, async ({ body }, request) => {
    await podcasts.startOpmlImport(requireAuth(request).user, body)
    return {}
  })

  serveRoute(app, routes.exportOpml, async ({ params }, request, reply) => {
    const { name, xml } = await podcasts.exportOpml(requireAuth(request).user, params.id)
    const file = `${name.replace(/[^\w .-]+/g, '').trim() || 'podcasts'}.opml`
    return reply
      .type('text/x-opml; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(`${name}.opml`)}`,
      )
      .send(xml)
  })

  serveRoute(app, routes.recentEpisodes, ({ params, query }, request) =>
    podcasts.recentEpisodes(requireAuth(request).user, params.id, query.limit, query.page),
  )

  serveRoute(app, routes.episode, ({ params }, request) =>
    podcasts.episode(requireAuth(request).user, params.id, params.episodeId),
  )

  serveRoute(app, routes.updateEpisode, ({ params, body }, request) =>
    podcasts.updateEpisode(requireAuth(request).user, params.id, params.episodeId, body),
  )

  serveRoute(app, routes.removeEpisode, ({ params, query }, request) =>
    podcasts.removeEpisode(requireAuth(request).user, params.id, params.episodeId, query.hard ?? false),
  )

  serveRoute(app, routes.searchEpisode, ({ params, query }, request) =>
    podcasts.searchEpisode(requireAuth(request).user, params.id, query.title),
  )

  serveRoute(app, routes.matchEpisodes, ({ params, query }, request) =>
    podcasts.matchEpisodes(requireAuth(request).user, params.id, query.override ?? false),
  )
}
