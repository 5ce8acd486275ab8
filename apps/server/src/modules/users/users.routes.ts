import { CreateUserRequest, UpdateUserRequest } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { notFound } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { toUserJson } from './users.model.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const admin = { config: { access: 'admin' as const } }

export function registerUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/users', admin, async () => ({ users: (await ctx.users.list()).map(toUserJson) }))

  app.get('/api/users/online', admin, async () => ({
    usersOnline: ctx.realtime.usersOnline(),
    openSessions: await ctx.playback.sessions.openSessions(),
  }))

  app.post('/api/users', admin, async (request) => {
    const body = parseInput(CreateUserRequest, request.body)
    const user = await ctx.users.create(requireAuth(request).user, body)
    return { user: toUserJson(user) }
  })

  app.get('/api/users/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const user = await ctx.users.get(id)
    if (!user) throw notFound('User not found')
    return toUserJson(user)
  })

  app.patch('/api/users/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const body = parseInput(UpdateUserRequest, request.body)
    const user = await ctx.users.update(requireAuth(request).user, id, body)
    return { success: true, user: toUserJson(user) }
  })

  app.delete('/api/users/:id', admin, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await ctx.users.delete(requireAuth(request).user, id)
    return { success: true }
  })
}
