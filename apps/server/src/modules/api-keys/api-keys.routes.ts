import { CreateApiKeyRequest, UpdateApiKeyRequest } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const admin = { config: { access: 'admin' as const } }

export function registerApiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/api-keys', admin, async () => ({ apiKeys: await ctx.apiKeys.list() }))

  app.post('/api/api-keys', admin, async (request) => {
    const body = parseInput(CreateApiKeyRequest, request.body)
    return { apiKey: await ctx.apiKeys.create(requireAuth(request), body) }
  })

  app.patch('/api/api-keys/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const body = parseInput(UpdateApiKeyRequest, request.body)
    return { apiKey: await ctx.apiKeys.update(requireAuth(request), id, body) }
  })

  app.delete('/api/api-keys/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await ctx.apiKeys.delete(requireAuth(request), id)
    return { success: true }
  })
}
