import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const AuthorPatch = z.object({
  name: z.string().max(500).optional(),
  asin: z.string().max(50).nullable().optional(),
  description: z.string().max(100_000).nullable().optional(),
})
const ImageUrlBody = z.object({
  url: z
    .string()
    .trim()
    .max(4096)
    .refine((u) => /^https?:\/\//i.test(u), 'Invalid image URL'),
})

/** Changing authors; each route states the account permission it needs (spec §6). */
export function registerAuthorEditRoutes(app: FastifyInstance, ctx: AppContext) {
  const edit = ctx.authorEdit

  app.patch('/api/authors/:id', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return edit.update(requireAuth(request).user, id, parseInput(AuthorPatch, request.body))
  })

  app.delete('/api/authors/:id', { config: { permission: 'delete' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await edit.remove(requireAuth(request).user, id)
    return {}
  })

  app.post('/api/authors/:id/image', { config: { permission: 'upload' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return edit.setImageFromUrl(requireAuth(request).user, id, parseInput(ImageUrlBody, request.body).url)
  })

  app.delete('/api/authors/:id/image', { config: { permission: 'delete' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return edit.removeImage(requireAuth(request).user, id)
  })
}
