import path from 'node:path'
import { scanRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context.ts'
import { requireAuth } from '../http/auth-guard.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { serveRoute } from '../http/serve-route.ts'
import { isInside } from './walk.ts'

const ITEM_NOT_FOUND = 'Library item not found'

/** Scan routes (all admin): library scans, item rescans, and change notices from external watchers. */
export function registerScanRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'browse' | 'libraries' | 'scanner'>,
) {
  const { scans, watcher } = ctx.scanner

  /**
   * Item scans are for admins, but an admin may be limited to some libraries, tags or non-explicit items:
   * every id is authorised before any scan starts, and one the caller may not see is missing (404).
   */
  const visibleItemIds = async (request: FastifyRequest, ids: readonly string[]): Promise<string[]> => {
    const visible = await ctx.browse.items.filterVisible(requireAuth(request).user, ids)
    if (visible.length !== new Set(ids).size) throw notFound(ITEM_NOT_FOUND)
    return visible
  }

  serveRoute(app, routes.scanLibrary, async ({ params, query }, _request, reply) => {
    const library = (await ctx.libraries.all()).find((l) => l.id === params.id)
    if (!library) throw notFound('Library not found')
    // Answers at once: the scan runs as a task and reports through task events.
    const force = query.force === '1' || query.force === 'true'
    const { status } = await scans.scanLibrary(params.id, { force })
    return reply
      .type('text/plain; charset=utf-8')
      .send(status === 'already-scanning' ? 'Already scanning' : 'OK')
  })

  serveRoute(app, routes.scanItems, async ({ body }, request, reply) => {
    const ids = await visibleItemIds(request, body.libraryItemIds)
    void scans.scanItems(ids).catch((err: unknown) => request.log.warn({ err }, 'batch scan failed'))
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  serveRoute(app, routes.scanItem, async ({ params }, request) => {
    await visibleItemIds(request, [params.id])
    const result = await scans.scanItem(params.id)
    if (result === null) throw notFound(ITEM_NOT_FOUND)
    return { result }
  })

  serveRoute(app, routes.watcherUpdate, async ({ body }, request, reply) => {
    const library = (await ctx.libraries.all()).find((l) => l.id === body.libraryId)
    if (!library) throw notFound('Library not found')
    const paths = [body.path, ...(body.type === 'rename' && body.oldPath ? [body.oldPath] : [])].map((p) =>
      path.resolve(p),
    )
    for (const p of paths) {
      if (!library.folders.some((f) => isInside(f.fullPath, p)))
        throw badRequest('Path is not inside a folder of this library')
    }
    const queued = paths.every((p) => watcher.touch(library.id, p))
    if (!queued) {
      void scans
        .scanChangedPaths(library.id, paths)
        .catch((err: unknown) => request.log.warn({ err }, 'watcher update scan failed'))
    }
    return reply.type('text/plain; charset=utf-8').send('OK')
  })
}
