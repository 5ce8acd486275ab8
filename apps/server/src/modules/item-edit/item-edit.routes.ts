import {
  itemEditRoutes as routes,
  UpdateBookMediaRequest,
  UpdatePodcastMediaRequest,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { MAX_COVER_BYTES } from './item-cover.service.ts'

const ISSUES_PAGE = 1000

/** Editing and deleting items; each route's contract states the account permission it needs (spec §6). */
export function registerItemEditRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'itemCovers' | 'itemEdit' | 'libraries' | 'podcasts'>,
) {
  const edit = ctx.itemEdit

  serveRoute(app, routes.updateMedia, async ({ params }, request) => {
    const user = requireAuth(request).user
    // Podcasts have their own fields (feed, iTunes ids, schedule): the podcasts module edits them. The body is
    // read again with the schema of the item's type (the contract's union keeps what either type allows).
    if (await ctx.podcasts.isPodcast(params.id))
      return ctx.podcasts.updateMedia(user, params.id, parseInput(UpdatePodcastMediaRequest, request.body))
    return edit.updateMedia(user, params.id, parseInput(UpdateBookMediaRequest, request.body))
  })

  serveRoute(app, routes.metadataObject, ({ params }, request) =>
    edit.metadataObject(requireAuth(request).user, params.id),
  )

  serveRoute(app, routes.updateChapters, ({ params, body }, request) =>
    edit.updateChapters(requireAuth(request).user, params.id, body),
  )

  // Upload a cover (multipart field "cover") or give {url}; the server checks what the bytes are. A multipart
  // route's body is left to its handler, so the JSON form is parsed here.
  serveRoute(app, routes.setCover, async ({ params }, request) => {
    const user = requireAuth(request).user
    if (request.isMultipart()) {
      const part = await request.file({
        limits: { fileSize: MAX_COVER_BYTES, files: 1 },
        throwFileSizeLimit: true,
      })
      if (!part) throw badRequest('No file uploaded')
      return ctx.itemCovers.setFromBytes(user, params.id, await part.toBuffer())
    }
    return ctx.itemCovers.setFromUrl(user, params.id, parseInput(routes.setCover.body, request.body).url)
  })

  serveRoute(app, routes.setCoverFromFile, ({ params, body }, request) =>
    ctx.itemCovers.setFromItemFile(requireAuth(request).user, params.id, body.cover),
  )

  serveRoute(app, routes.removeCover, async ({ params }, request) => {
    await ctx.itemCovers.remove(requireAuth(request).user, params.id)
    return {}
  })

  serveRoute(app, routes.remove, async ({ params, query }, request) => {
    await edit.remove(requireAuth(request).user, [params.id], query.hard ?? false)
    return {}
  })

  serveRoute(app, routes.removeMany, async ({ query, body }, request) => {
    await edit.remove(requireAuth(request).user, body.libraryItemIds, query.hard ?? false)
    return {}
  })

  // The Issues page's "remove all": the library's items flagged missing or invalid leave the database (files stay).
  serveRoute(app, routes.removeIssues, async ({ params }, request, reply) => {
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, params.id)
    const page = () =>
      ctx.browse.listing.pageIds(user, library, {
        sort: 'media.metadata.title',
        desc: false,
        filter: { group: 'issues' },
        limit: ISSUES_PAGE,
      })
    // Removed items leave the filter, so each round reads the first page again; the first total bounds the rounds.
    const first = await page()
    for (let round = 0, ids = first.ids; ids.length > 0 && round * ISSUES_PAGE < first.total; round++) {
      await edit.remove(user, ids, false)
      ids = (await page()).ids
    }
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.updateMany, async ({ body }, request) => ({
    success: true,
    updates: await edit.updateMany(requireAuth(request).user, body),
  }))
}
