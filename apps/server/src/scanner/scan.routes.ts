import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { requireAuth } from '../http/auth-guard.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { parseInput } from '../http/parse.ts'
import { isInside } from './walk.ts'

const ITEM_NOT_FOUND = 'Library item not found'
const IdParams = z.object({ id: z.string().min(1).max(100) })
const ScanQuery = z.object({ force: z.enum(['0', '1', 'true', 'false']).optional() })
const BatchScanBody = z.object({
  libraryItemIds: z
    .array(z.string().min(1).max(100), { error: 'libraryItemIds is required' })
    .min(1, 'No library items')
    .max(1000),
})
const WatcherUpdateBody = z.object({
  libraryId: z.string().min(1).max(100),
  path: z.string().min(1).max(4096),
  type: z.enum(['add', 'unlink', 'rename']),
  oldPath: z.string().min(1).max(4096).optional(),
})

/** Scan routes (all admin): library scans, item rescans, and change notices from external watchers. */
export function registerScanRoutes(app: FastifyInstance, ctx: AppContext) {
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

  app.post('/api/libraries/:id/scan', { config: { access: 'admin' } }, async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const { force } = parseInput(ScanQuery, request.query)
    const library = (await ctx.libraries.all()).find((l) => l.id === id)
    if (!library) throw notFound('Library not found')
    // Answers at once: the scan runs as a task and reports through task events.
    const { status } = await scans.scanLibrary(id, { force: force === '1' || force === 'true' })
    return reply
      .type('text/plain; charset=utf-8')
      .send(status === 'already-scanning' ? 'Already scanning' : 'OK')
  })

  app.post('/api/items/batch/scan', { config: { access: 'admin' } }, async (request, reply) => {
    const { libraryItemIds } = parseInput(BatchScanBody, request.body)
    const ids = await visibleItemIds(request, libraryItemIds)
    void scans.scanItems(ids).catch((err: unknown) => request.log.warn({ err }, 'batch scan failed'))
    return reply.type('text/plain; charset=utf-8').send('OK')
  })

  app.post('/api/items/:id/scan', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await visibleItemIds(request, [id])
    const result = await scans.scanItem(id)
    if (result === null) throw notFound(ITEM_NOT_FOUND)
    return { result }
  })

  app.post('/api/watcher/update', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parseInput(WatcherUpdateBody, request.body)
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
