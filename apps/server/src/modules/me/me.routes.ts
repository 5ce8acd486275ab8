import { ChangePasswordRequest, ItemsInProgressQuery } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { bearerToken, requireAuth } from '../../http/auth-guard.ts'
import { badRequest, HttpError } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { verifyPassword } from '../users/passwords.ts'
import { assertMayChangeOwnPassword } from '../users/users.service.ts'
import { itemsInProgress } from './items-in-progress.ts'

const SeriesIdParams = z.object({ id: z.string().min(1).max(100) })

export function registerMeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/me', async (request) => {
    const json = await ctx.playback.progress.userJson(requireAuth(request).user)
    const bearer = bearerToken(request)
    return bearer ? { ...json, token: bearer } : json
  })

  app.get('/api/me/items-in-progress', async (request) => {
    const { limit } = parseInput(ItemsInProgressQuery, request.query)
    return itemsInProgress(
      { progress: ctx.playback.progress, items: ctx.browse.items },
      requireAuth(request).user,
      limit,
    )
  })

  // Audiobookshelf's apps call these with GET; the answer is the updated user.
  for (const [action, hidden] of [
    ['remove-from-continue-listening', true],
    ['readd-to-continue-listening', false],
  ] as const) {
    app.get(`/api/me/series/:id/${action}`, async (request) => {
      const { id } = parseInput(SeriesIdParams, request.params)
      const user = requireAuth(request).user
      await ctx.browse.series.detail(user, ctx.libraries, id, { include: [] })
      return ctx.playback.progress.userJson(
        await ctx.users.setSeriesHiddenFromContinueListening(user.id, id, hidden),
      )
    })
  }

  app.patch('/api/me/password', async (request) => {
    const auth = requireAuth(request)
    // Refused before the current password is checked: a guest gets no password-guessing oracle here.
    assertMayChangeOwnPassword(auth.user)
    // Password guessing through this route counts toward the same limit as the login form.
    const slot = ctx.limiters.login.take(request.ip)
    let body
    try {
      body = parseInput(ChangePasswordRequest, request.body)
    } catch (err) {
      slot.refund()
      throw err
    }
    if (!(await verifyPassword(auth.user.passwordHash, body.password)))
      throw new HttpError(400, 'Invalid password')
    slot.refund()
    if (body.password === body.newPassword) throw badRequest('New password cannot match old password')
    await ctx.users.changeOwnPassword(auth.user, body.newPassword, auth.sessionId ?? undefined)
    return { success: true }
  })
}
