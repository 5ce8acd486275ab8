import { browseRoutes, itemMetadataRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { serveRoute } from '../../http/serve-route.ts'
import { nameFromBase64 } from './base64-name.ts'

const wantsCounts = (include: string | undefined) =>
  (include ?? '').split(',').some((part) => part.trim() === 'count')

/**
 * Tags and genres of every library (list, rename, remove) and a library's narrators (rename, remove), as the
 * Item Metadata Utils and narrators pages use them. Admins only (the contracts say so; the guard checks).
 */
export function registerItemMetadataRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'itemMetadata'>,
) {
  const meta = ctx.itemMetadata

  /** Every tag or genre of the items the caller may see, across the libraries they may open, alphabetically. */
  const everyValue = async (request: FastifyRequest, kind: 'tags' | 'genres') => {
    const user = requireAuth(request).user
    const values = new Set<string>()
    for (const library of await ctx.libraries.listFor(user)) {
      for (const value of (await ctx.browse.filterData.forLibrary(user, library))[kind]) values.add(value)
    }
    return [...values].sort(
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
    )
  }

  // Audiobookshelf's answer by default; include=count adds {counts} for the admin pages.
  serveRoute(app, browseRoutes.tags, async ({ query }, request) => {
    if (!wantsCounts(query.include)) return { tags: await everyValue(request, 'tags') }
    const user = requireAuth(request).user
    const { values, counts } = await meta.counts(user, await meta.everyLibrary(user, 'tag'))
    return { tags: values, counts }
  })
  serveRoute(app, browseRoutes.genres, async ({ query }, request) => {
    if (!wantsCounts(query.include)) return { genres: await everyValue(request, 'genres') }
    const user = requireAuth(request).user
    const { values, counts } = await meta.counts(user, await meta.everyLibrary(user, 'genre'))
    return { genres: values, counts }
  })

  serveRoute(app, routes.renameTag, async ({ body }, request) => {
    const user = requireAuth(request).user
    const r = await meta.rename(user, await meta.everyLibrary(user, 'tag'), body.tag, body.newTag)
    return { tagMerged: r.merged, numItemsUpdated: r.numItemsUpdated }
  })
  serveRoute(app, routes.removeTag, async ({ params }, request) => {
    const user = requireAuth(request).user
    const tag = nameFromBase64(params.tag)
    return { numItemsUpdated: await meta.remove(user, await meta.everyLibrary(user, 'tag'), tag) }
  })

  serveRoute(app, routes.renameGenre, async ({ body }, request) => {
    const user = requireAuth(request).user
    const r = await meta.rename(user, await meta.everyLibrary(user, 'genre'), body.genre, body.newGenre)
    return { genreMerged: r.merged, numItemsUpdated: r.numItemsUpdated }
  })
  serveRoute(app, routes.removeGenre, async ({ params }, request) => {
    const user = requireAuth(request).user
    const genre = nameFromBase64(params.genre)
    return { numItemsUpdated: await meta.remove(user, await meta.everyLibrary(user, 'genre'), genre) }
  })

  serveRoute(app, routes.renameNarrator, async ({ params, body }, request) => {
    const user = requireAuth(request).user
    const name = nameFromBase64(params.narratorId)
    const scope = await meta.oneLibrary(user, params.id)
    return { updated: (await meta.rename(user, scope, name, body.name)).numItemsUpdated }
  })
  serveRoute(app, routes.removeNarrator, async ({ params }, request) => {
    const user = requireAuth(request).user
    const name = nameFromBase64(params.narratorId)
    const scope = await meta.oneLibrary(user, params.id)
    return { updated: await meta.remove(user, scope, name) }
  })
}
