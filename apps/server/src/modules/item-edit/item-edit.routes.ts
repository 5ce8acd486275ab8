import {
  BatchDeleteRequest,
  BatchUpdateRequest,
  queryFlag,
  UpdateBookMediaRequest,
  UpdateChaptersRequest,
  UpdatePodcastMediaRequest,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { MAX_COVER_BYTES } from './item-cover.service.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const CoverUrlBody = z.object({ url: z.string().trim().min(1, 'Invalid image URL').max(4096) })
const CoverPathBody = z.object({ cover: z.string().min(1).max(4096) })
const HardQuery = z.object({ hard: queryFlag.optional() })
const ISSUES_PAGE = 1000

/** Editing and deleting items; each route states the account permission it needs (spec §6). */
export function registerItemEditRoutes(app: FastifyInstance, ctx: AppContext) {
  const edit = ctx.itemEdit

  app.patch('/api/items/:id/media', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    // Podcasts have their own fields (feed, iTunes ids, schedule): the podcasts module edits them.
    if (await ctx.podcasts.isPodcast(id))
      return ctx.podcasts.updateMedia(user, id, parseInput(UpdatePodcastMediaRequest, request.body))
    return edit.updateMedia(user, id, parseInput(UpdateBookMediaRequest, request.body))
  })

  app.post('/api/items/:id/chapters', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return edit.updateChapters(requireAuth(request).user, id, parseInput(UpdateChaptersRequest, request.body))
  })

  // Upload a cover (multipart field "cover") or give {url}; the server checks what the bytes are.
  app.post('/api/items/:id/cover', { config: { permission: 'upload' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    if (request.isMultipart()) {
      const part = await request.file({
        limits: { fileSize: MAX_COVER_BYTES, files: 1 },
        throwFileSizeLimit: true,
      })
      if (!part) throw badRequest('No file uploaded')
      return ctx.itemCovers.setFromBytes(user, id, await part.toBuffer())
    }
    return ctx.itemCovers.setFromUrl(user, id, parseInput(CoverUrlBody, request.body).url)
  })

  app.patch('/api/items/:id/cover', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return ctx.itemCovers.setFromItemFile(
      requireAuth(request).user,
      id,
      parseInput(CoverPathBody, request.body).cover,
    )
  })

  app.delete('/api/items/:id/cover', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await ctx.itemCovers.remove(requireAuth(request).user, id)
    return {}
  })

  app.delete('/api/items/:id', { config: { permission: 'delete' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const { hard } = parseInput(HardQuery, request.query)
    await edit.remove(requireAuth(request).user, [id], hard ?? false)
    return {}
  })

  app.post('/api/items/batch/delete', { config: { permission: 'delete' } }, async (request) => {
    const { hard } = parseInput(HardQuery, request.query)
    const { libraryItemIds } = parseInput(BatchDeleteRequest, request.body)
    await edit.remove(requireAuth(request).user, libraryItemIds, hard ?? false)
    return {}
  })

  // The Issues page's "remove all": the library's items flagged missing or invalid leave the database (files stay).
  app.delete('/api/libraries/:id/issues', { config: { access: 'admin' } }, async (request, reply) => {
    const { id } = parseInput(IdParams, request.params)
    const user = requireAuth(request).user
    const library = await ctx.libraries.getFor(user, id)
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

  app.post('/api/items/batch/update', { config: { permission: 'update' } }, async (request) => {
    const updates = await edit.updateMany(
      requireAuth(request).user,
      parseInput(BatchUpdateRequest, request.body),
    )
    return { success: true, updates }
  })
}
